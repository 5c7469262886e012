import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { S3Client } from '@aws-sdk/client-s3';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { renderS3Error, type S3Response } from '../../lib/storage';
import { handleS3Request } from '../../lib/storage/http/s3-pipeline';
import { toS3Request } from '../../lib/storage/http/s3-request-parser';
import type { StorageWiring } from '../../lib/storage/store/storage-deps';

/** An SDK v3 client whose requests go through the storage functions' pipeline in this process (a warm container). */
export function inProcessS3(
  wiring: Pick<StorageWiring, 'deps' | 'keys' | 'reader'>,
  credentials: { accessKeyId: string; secretAccessKey: string },
  /** Called as each request starts, once its answer is ready, and once the work after the answer is done. */
  hooks: { started?: () => void; answered?: () => void; finished?: () => void } = {},
): S3Client {
  const requestHandler = {
    handle: async (request: {
      method: string;
      path: string;
      query?: Record<string, string | string[] | null>;
      headers: Record<string, string>;
      body?: unknown;
    }) => {
      const body = request.body === undefined ? undefined : await bodyBytes(request.body);
      const event = {
        httpMethod: request.method,
        path: request.path,
        headers: {},
        multiValueHeaders: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, [value]])),
        queryStringParameters: null,
        multiValueQueryStringParameters: Object.fromEntries(
          Object.entries(request.query ?? {}).map(([name, value]) => [name, [value ?? ''].flat()]),
        ),
        body: body?.toString('base64') ?? null,
        isBase64Encoded: true,
        requestContext: { requestId: randomUUID() },
      } as unknown as APIGatewayProxyEvent;
      hooks.started?.();
      const response = await handleS3Request(wiring.deps, wiring.keys, toS3Request(event, 'localhost'), wiring.reader).catch(
        (error: unknown): S3Response => {
          const rendered = renderS3Error(error, { requestId: 'r', path: request.path, method: request.method });
          return { status: rendered.statusCode, headers: rendered.headers as Record<string, string>, body: rendered.body };
        },
      );
      hooks.answered?.();
      await response.after?.();
      hooks.finished?.();
      return {
        response: {
          statusCode: response.status,
          headers: response.headers,
          body: Readable.from([Buffer.from(response.body ?? '')]),
        },
      };
    },
  };
  return new S3Client({
    region: 'us-east-1',
    endpoint: 'http://localhost',
    forcePathStyle: true,
    credentials,
    requestHandler,
    maxAttempts: 1,
  });
}

async function bodyBytes(body: unknown): Promise<Buffer> {
  if (typeof body === 'string' || Buffer.isBuffer(body) || body instanceof Uint8Array) return Buffer.from(body as Buffer);
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer | string>) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
