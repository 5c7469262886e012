import { request } from 'node:https';
import type { TestCredential } from './test-pki';

export interface RawAnswer {
  status: number;
  contentType: string;
  json: any;
}

/** One HTTPS request with an optional client certificate, to talk to the fake PSP without the connector. */
export function rawHttps(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; ca: string; client?: TestCredential },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        ca: options.ca,
        cert: options.client?.certificatePem,
        key: options.client?.privateKeyPem,
        agent: false,
      },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: answer.statusCode ?? 0,
            contentType: String(answer.headers['content-type']),
            json: text ? JSON.parse(text) : undefined,
          });
        });
        answer.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}
