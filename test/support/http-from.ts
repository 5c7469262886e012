import { request } from 'node:http';

export interface HttpReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One HTTP request from a chosen loopback address (127.0.0.0/8 is all ours on Linux): the stack sees it as another
 * client, so per-address limits (sign-in throttle) of one test never touch another's.
 */
export function httpFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<HttpReply> {
  // Framed by Content-Length whatever the method (Node sends a DELETE or OPTIONS body unframed otherwise).
  const length = init.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(init.body)) };
  const headers = { ...init.headers, ...length };
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method: init.method ?? 'GET', headers, localAddress }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }),
      );
      response.on('error', reject);
    });
    outgoing.setTimeout(60_000, () => outgoing.destroy(new Error('no answer within 60 s')));
    outgoing.on('error', reject);
    outgoing.end(init.body);
  });
}
