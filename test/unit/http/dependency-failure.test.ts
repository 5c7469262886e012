import { createServer, type Server, type Socket } from 'node:net';
import { GetItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAwsClients } from '../../../lib/aws';
import { DependencyUnavailableError, dependencyFailureOf } from '../../../lib/http';
import { renderS3Error } from '../../../lib/storage/http/s3-error-response';

const named = (name: string, extra: object = {}) => Object.assign(new Error(name), { name, ...extra });

describe('dependencyFailureOf', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), false],
    ['a reset socket', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), false],
    ['the SDK timeout', named('TimeoutError'), false],
    ['an AWS server fault', named('InternalServerError', { $fault: 'server', $metadata: { httpStatusCode: 500 } }), false],
    ['DynamoDB throttling', named('ProvisionedThroughputExceededException', { $fault: 'client' }), true],
    ['S3 SlowDown', named('SlowDown', { $fault: 'server', $metadata: { httpStatusCode: 503 } }), true],
  ])('treats %s as a transient outage', (_, error, throttled) => {
    expect(dependencyFailureOf(error)).toMatchObject({ throttled });
  });

  it.each([
    ['a DynamoDB validation error (our bug)', named('ValidationException', { $fault: 'client' })],
    ['a failed condition', named('ConditionalCheckFailedException', { $fault: 'client' })],
    ['a plain error', new Error('boom')],
    ['a non-error', 'boom'],
  ])('leaves %s alone (a 500, not a 503)', (_, error) => {
    expect(dependencyFailureOf(error)).toBeUndefined();
  });

  it('renders as S3 ServiceUnavailable or SlowDown with Retry-After', () => {
    const context = { requestId: 'r1', path: '/b/k', method: 'GET' };
    const down = renderS3Error(new DependencyUnavailableError(false), context);
    expect([down.statusCode, down.headers?.['retry-after']]).toEqual([503, '2']);
    expect(down.body).toContain('<Code>ServiceUnavailable</Code>');
    expect(renderS3Error(new DependencyUnavailableError(true), context).body).toContain('<Code>SlowDown</Code>');
  });
});

describe('SDK timeouts against a dependency that accepts and never answers', () => {
  let server: Server;
  const sockets: Socket[] = [];
  let endpoint: string;
  beforeAll(async () => {
    server = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => {
    for (const socket of sockets) socket.destroy();
    server.close();
  });

  it('gives up within the budget (3 attempts × the idle timeout) with an error the surfaces answer 503', async () => {
    const { dynamo } = createAwsClients({ region: 'us-east-1', dynamodbEndpoint: endpoint, s3Endpoint: endpoint });
    const started = Date.now();
    const error = await dynamo
      .send(new GetItemCommand({ TableName: 't', Key: { PK: { S: 'k' } } }))
      .catch((caught: unknown) => caught);
    const elapsed = Date.now() - started;
    expect(dependencyFailureOf(error)).toBeInstanceOf(DependencyUnavailableError);
    expect(elapsed).toBeGreaterThan(3_000); // it did wait for the dependency...
    expect(elapsed).toBeLessThan(20_000); // ...but not for API Gateway's 29 s
    expect(sockets.length).toBe(3); // the SDK's three attempts
  }, 30_000);
});
