import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { ApiEvent, ApiResult, Context } from '../../http';

/** The status line and headers a streamed response starts with (the prelude API Gateway reads before the body). */
export interface HttpResponseMetadata {
  statusCode: number;
  headers?: Record<string, string>;
  multiValueHeaders?: Record<string, string[]>;
}

export type StreamingHandler = (event: ApiEvent, responseStream: Writable, context: Context) => Promise<void>;

/**
 * What the Lambda Node.js runtime offers response-streaming functions: the `awslambda` global. It exists only in
 * the real runtime (neither under serverless-offline nor in tests, unless a test fakes it).
 */
export interface LambdaStreamingRuntime {
  streamifyResponse(handler: StreamingHandler): unknown;
  HttpResponseStream: { from(responseStream: Writable, metadata: HttpResponseMetadata): Writable };
}

/**
 * A buffered result that may carry its body as raw bytes, so a streamed answer need not base64 it and decode it back,
 * and work to run once the answer is sent (the invocation waits for it; the client does not).
 */
export type StreamableResult = ApiResult & { bytes?: Buffer; after?: () => Promise<void> };

export type BufferedHandler = (event: ApiEvent, context: Context) => Promise<StreamableResult>;

/** The runtime's `awslambda` global when this code runs inside Lambda, else undefined. */
export function lambdaStreamingRuntime(scope: object = globalThis): LambdaStreamingRuntime | undefined {
  const runtime = (scope as { awslambda?: Partial<LambdaStreamingRuntime> }).awslambda;
  if (typeof runtime?.streamifyResponse !== 'function' || typeof runtime.HttpResponseStream?.from !== 'function')
    return undefined;
  return runtime as LambdaStreamingRuntime;
}

/**
 * The buffered handler, answered in Lambda's streaming format (what an API Gateway integration with
 * `ResponseTransferMode: STREAM` expects): the status and headers first, then the body's bytes as they are
 * (object bytes raw, never base64). The result, S3 XML errors included, is computed exactly as when buffered.
 */
export function streamifiedHandler(runtime: LambdaStreamingRuntime, handler: BufferedHandler): unknown {
  return runtime.streamifyResponse(async (event, responseStream, context) => {
    const result = await handler(event, context);
    const stream = runtime.HttpResponseStream.from(responseStream, metadataOf(result));
    await writeBytes(stream, bodyBytesOf(result));
    await result.after?.();
  });
}

function metadataOf(result: ApiResult): HttpResponseMetadata {
  const metadata: HttpResponseMetadata = { statusCode: result.statusCode, headers: stringValues(result.headers ?? {}) };
  if (result.multiValueHeaders) {
    metadata.multiValueHeaders = Object.fromEntries(
      Object.entries(result.multiValueHeaders).map(([name, values]) => [name, values.map(String)]),
    );
  }
  return metadata;
}

const stringValues = (headers: Record<string, boolean | number | string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, String(value)]));

function bodyBytesOf(result: StreamableResult): Buffer {
  if (result.bytes) return result.bytes;
  return Buffer.from(result.body ?? '', result.isBase64Encoded ? 'base64' : 'utf8');
}

const CHUNK_BYTES = 64 * 1024;

/** Writes the bytes in chunks, waiting whenever the stream asks to, then ends it. */
async function writeBytes(stream: Writable, bytes: Buffer): Promise<void> {
  // An empty write sends the prelude even when no body follows (HEAD, 204, 304); middy does the same (middy #1137).
  stream.write('');
  for (let offset = 0; offset < bytes.length; offset += CHUNK_BYTES) {
    if (!stream.write(bytes.subarray(offset, offset + CHUNK_BYTES))) await once(stream, 'drain');
  }
  await new Promise<void>((resolve, reject) => {
    stream.once('error', reject);
    stream.end(() => resolve());
  });
}
