import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import type { ApiEvent, ApiResult, Context } from '../../../lib/http';
import { container } from '../../../lib/http/container-wiring';
import { type S3Response, StorageError, s3FunctionOf } from '../../../lib/storage';
import {
  type HttpResponseMetadata,
  type LambdaStreamingRuntime,
  lambdaStreamingRuntime,
  type StreamingHandler,
  streamifiedHandler,
} from '../../../lib/storage/http/lambda-response-stream';
import { apiEvent, lambdaContext } from '../../support/api-event';

/** What a streamed invocation sent: the prelude, then the body's bytes, in the order the runtime saw them. */
interface Sent {
  events: string[];
  metadata?: HttpResponseMetadata;
  body: Buffer;
  ended: boolean;
}

/** The Lambda runtime's `awslambda` global as far as the adapter uses it, writing into a Writable we can read. */
function fakeRuntime(): { scope: { awslambda: LambdaStreamingRuntime }; invoke: (event: ApiEvent) => Promise<Sent> } {
  let streamed: StreamingHandler | undefined;
  const awslambda: LambdaStreamingRuntime = {
    streamifyResponse: (handler) => {
      streamed = handler;
      return handler;
    },
    HttpResponseStream: {
      from: (stream, metadata) => {
        (stream as Writable & { sent: Sent }).sent.events.push('prelude');
        (stream as Writable & { sent: Sent }).sent.metadata = metadata;
        return stream;
      },
    },
  };
  const invoke = async (event: ApiEvent) => {
    const sent: Sent = { events: [], body: Buffer.alloc(0), ended: false };
    const chunks: Buffer[] = [];
    // A small buffer and a slow sink: the adapter must wait for 'drain' and still deliver every byte in order.
    const stream = Object.assign(
      new Writable({
        highWaterMark: 1024,
        write(chunk: Buffer, _encoding, done) {
          sent.events.push(chunk.length === 0 ? 'flush' : 'bytes');
          chunks.push(chunk);
          setImmediate(done);
        },
        final(done) {
          sent.ended = true;
          done();
        },
      }),
      { sent },
    );
    await streamed?.(event, stream, lambdaContext() as Context);
    sent.body = Buffer.concat(chunks);
    return sent;
  };
  return { scope: { awslambda }, invoke };
}

const objectBytes = Buffer.concat([Buffer.from(Array.from({ length: 256 }, (_, i) => i)), randomBytes(300 * 1024)]);
const getObject = async (): Promise<S3Response> => ({
  status: 200,
  headers: { 'content-length': String(objectBytes.length), etag: '"abc"', 'x-amz-meta-name': 'photo' },
  body: objectBytes,
});

describe('s3FunctionOf streaming (inside the Lambda runtime)', () => {
  it('sends the status and headers first, then the object bytes raw and byte-exact', async () => {
    const runtime = fakeRuntime();
    s3FunctionOf(container, getObject, { streaming: true, scope: runtime.scope });
    const sent = await runtime.invoke(apiEvent({ path: '/photos/a.jpg' }));
    expect(sent.events[0]).toBe('prelude');
    expect(sent.metadata?.statusCode).toBe(200);
    expect(sent.metadata?.headers).toEqual({
      'content-type': 'application/octet-stream',
      'content-length': String(objectBytes.length),
      etag: '"abc"',
      'x-amz-meta-name': 'photo',
      'x-amz-request-id': 'req-123',
      'x-request-id': 'req-123',
    });
    expect(sent.body.equals(objectBytes)).toBe(true);
    expect(sent.events.filter((event) => event === 'bytes').length).toBeGreaterThan(1);
    expect(sent.ended).toBe(true);
  });

  it('streams S3 XML errors as the buffered handler renders them', async () => {
    const runtime = fakeRuntime();
    s3FunctionOf(
      container,
      async () => {
        throw new StorageError('NoSuchKey');
      },
      { streaming: true, scope: runtime.scope },
    );
    const sent = await runtime.invoke(apiEvent({ path: '/photos/missing.jpg' }));
    expect(sent.metadata?.statusCode).toBe(404);
    expect(sent.metadata?.headers?.['content-type']).toBe('application/xml');
    expect(sent.metadata?.headers?.['x-amz-request-id']).toBe('req-123');
    expect(new XMLParser().parse(sent.body.toString('utf8')).Error).toMatchObject({
      Code: 'NoSuchKey',
      Resource: '/photos/missing.jpg',
      RequestId: 'req-123',
    });
  });

  it('sends the prelude of an empty answer (HEAD, 304) and ends the stream', async () => {
    const runtime = fakeRuntime();
    s3FunctionOf(container, async () => ({ status: 304, headers: { etag: '"abc"' } }), { streaming: true, scope: runtime.scope });
    const sent = await runtime.invoke(apiEvent({ httpMethod: 'GET', path: '/photos/a.jpg' }));
    expect(sent.events).toEqual(['prelude', 'flush']);
    expect(sent.metadata).toMatchObject({ statusCode: 304, headers: { etag: '"abc"' } });
    expect(sent.body.length).toBe(0);
    expect(sent.ended).toBe(true);
  });

  it('passes multi-value headers on, as strings', async () => {
    const runtime = fakeRuntime();
    streamifiedHandler(runtime.scope.awslambda, async () => ({
      statusCode: 200,
      headers: { 'x-count': 2 },
      multiValueHeaders: { vary: ['Origin', 'Access-Control-Request-Method'] },
      body: 'ok',
    }));
    const sent = await runtime.invoke(apiEvent());
    expect(sent.metadata).toEqual({
      statusCode: 200,
      headers: { 'x-count': '2' },
      multiValueHeaders: { vary: ['Origin', 'Access-Control-Request-Method'] },
    });
    expect(sent.body.toString()).toBe('ok');
  });
});

describe('work after the answer (the usage charge)', () => {
  const withAfter = (log: string[], ended?: () => boolean) => async (): Promise<S3Response> => ({
    ...(await getObject()),
    after: async () => {
      log.push(ended?.() ? 'after, stream ended' : 'after');
    },
  });

  it('streamed: runs once the stream has ended, and the invocation waits for it', async () => {
    const runtime = fakeRuntime();
    const log: string[] = [];
    let sentRef: { ended: boolean } | undefined;
    const original = runtime.scope.awslambda.HttpResponseStream.from;
    runtime.scope.awslambda.HttpResponseStream.from = (stream, metadata) => {
      sentRef = (stream as Writable & { sent: Sent }).sent;
      return original(stream, metadata);
    };
    s3FunctionOf(
      container,
      withAfter(log, () => sentRef?.ended === true),
      { streaming: true, scope: runtime.scope },
    );
    await runtime.invoke(apiEvent());
    expect(log).toEqual(['after, stream ended']);
  });

  it('buffered: runs before the handler returns its answer', async () => {
    const log: string[] = [];
    const handler = s3FunctionOf(container, withAfter(log), { offline: true }) as (
      event: ApiEvent,
      context: Context,
    ) => Promise<ApiResult>;
    const result = await handler(apiEvent(), lambdaContext());
    expect(log).toEqual(['after']);
    expect(result).not.toHaveProperty('after');
  });
});

describe('s3FunctionOf buffered (serverless-offline, or a function whose route does not stream)', () => {
  it('answers API Gateway proxy results with base64 object bytes when there is no awslambda global', async () => {
    expect(lambdaStreamingRuntime()).toBeUndefined();
    const handler = s3FunctionOf(container, getObject, { streaming: true }) as (
      event: ApiEvent,
      context: Context,
    ) => Promise<ApiResult>;
    const result = await handler(apiEvent(), lambdaContext());
    expect(result.statusCode).toBe(200);
    expect(result.isBase64Encoded).toBe(true);
    expect(Buffer.from(result.body, 'base64').equals(objectBytes)).toBe(true);
    expect(result).not.toHaveProperty('bytes');
  });

  it('stays buffered under serverless offline, whose awslambda global cannot stream HTTP answers', async () => {
    const runtime = fakeRuntime();
    const handler = s3FunctionOf(container, getObject, { streaming: true, scope: runtime.scope, offline: true }) as (
      event: ApiEvent,
      context: Context,
    ) => Promise<ApiResult>;
    const result = await handler(apiEvent(), lambdaContext());
    expect(result.isBase64Encoded).toBe(true);
    expect(Buffer.from(result.body, 'base64').equals(objectBytes)).toBe(true);
  });

  it('stays buffered inside the Lambda runtime unless asked to stream', async () => {
    const runtime = fakeRuntime();
    const handler = s3FunctionOf(container, getObject, { scope: runtime.scope }) as (
      event: ApiEvent,
      context: Context,
    ) => Promise<ApiResult>;
    const result = await handler(apiEvent(), lambdaContext());
    expect(result.isBase64Encoded).toBe(true);
    expect(Buffer.from(result.body, 'base64').equals(objectBytes)).toBe(true);
  });
});
