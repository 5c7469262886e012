import { describe, expect, it } from 'vitest';
import { createAwsClients } from '../../../lib/aws';
import { lazyS3Client } from '../../../lib/aws/s3-client-options';

const settings = { region: 'us-east-1', dynamodbEndpoint: undefined, s3Endpoint: undefined };
const hasLogger = (client: { middlewareStack: { identify(): string[] } }) =>
  client.middlewareStack.identify().some((entry) => entry.startsWith('loggerMiddleware'));

describe("the SDK's logger middleware (a filtered copy of every call's input and output, for no logger)", () => {
  it('is gone from every client the functions build, the document client included', async () => {
    const clients = createAwsClients(settings);
    expect(hasLogger(clients.dynamo)).toBe(false);
    expect(hasLogger(clients.documents)).toBe(false);
    expect(hasLogger(clients.s3)).toBe(false);
    expect(hasLogger(await clients.secrets())).toBe(false);
    expect(hasLogger(await clients.kms())).toBe(false);
    expect(hasLogger(await lazyS3Client(settings)())).toBe(false);
  });
});
