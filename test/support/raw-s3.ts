import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from './sha256-checksum';
import { testStack } from './stack';
import type { StorageCredentials } from './storage-clients';

export interface RawRequest {
  method: string;
  /** Percent-encoded path as it goes on the wire. */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: Buffer | string;
  /** Host header to send (virtual-host style); the connection always goes to the local stack. */
  host?: string;
  /** Sign with SigV4 (header) as this user; anonymous when omitted. */
  as?: StorageCredentials;
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  text: string;
}

/**
 * The headers rawS3 sends: Host, the caller's, Content-Length for a body (unless it goes chunked), and a SigV4
 * signature when `as` is given (the payload hash is the body's unless x-amz-content-sha256 is given).
 */
export async function rawS3Headers(input: RawRequest): Promise<Record<string, string>> {
  const base = new URL(testStack().baseUrl);
  const body = input.body === undefined ? undefined : Buffer.from(input.body);
  let headers: Record<string, string> = { host: input.host ?? base.host, ...(input.headers ?? {}) };
  if (body !== undefined && headers['content-length'] === undefined && headers['transfer-encoding'] === undefined) {
    headers['content-length'] = String(body.length);
  }
  if (input.as) {
    const signer = new SignatureV4({
      service: 's3',
      region: 'us-east-1',
      credentials: { accessKeyId: input.as.accessKey, secretAccessKey: input.as.secretKey },
      sha256: Sha256,
      uriEscapePath: false,
      applyChecksum: true,
    });
    const hash = createHash('sha256')
      .update(body ?? Buffer.alloc(0))
      .digest('hex');
    const signed = await signer.sign({
      method: input.method,
      protocol: 'http:',
      hostname: headers.host!.split(':')[0]!,
      path: input.path,
      query: input.query ?? {},
      headers: { ...headers, 'x-amz-content-sha256': headers['x-amz-content-sha256'] ?? hash },
      body,
    });
    headers = signed.headers as Record<string, string>;
  }
  return headers;
}

/** One HTTP request to the storage surface, byte for byte as given (node:http, so Host can be set). */
export async function rawS3(input: RawRequest): Promise<RawResponse> {
  const base = new URL(testStack().baseUrl);
  const body = input.body === undefined ? undefined : Buffer.from(input.body);
  const headers = await rawS3Headers(input);
  const query = new URLSearchParams(input.query ?? {}).toString().replace(/\+/g, '%20');
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: base.hostname, port: base.port, method: input.method, path: `${input.path}${query ? `?${query}` : ''}`, headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const all = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: all, text: all.toString('utf8') });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** The <Code> of an S3 error document. */
export const errorCode = (response: RawResponse) => /<Code>([^<]*)<\/Code>/.exec(response.text)?.[1];
