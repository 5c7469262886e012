import { lookup } from 'node:dns/promises';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { DELIVERY_TIMEOUT_MS } from './retry-schedule';
import { isForbiddenAddress } from './target-policy';

export interface SendResult {
  outcome: 'delivered' | 'http_error' | 'timeout' | 'network_error' | 'refused';
  /** The HTTP status, when an answer came. */
  status?: number;
  durationMs: number;
  /** A short, printable excerpt of the answer (or of why there was none); nothing more is kept. */
  excerpt: string;
}

export interface PushSender {
  send(request: { url: string; body: string; headers: Record<string, string> }): Promise<SendResult>;
}

export type HostResolver = (host: string) => Promise<string[]>;

export const dnsResolver: HostResolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

const EXCERPT_BYTES = 512;
const EXCERPT_CHARS = 200;

/**
 * POSTs one event: resolves the host itself and, unless private targets are allowed, refuses when any address is
 * internal, then connects to that vetted address only (no second lookup a DNS rebinding could change). No redirect
 * is followed (a 3xx is a failure), the whole exchange is bounded by the timeout, and at most 512 bytes of the
 * answer are read.
 */
export class HttpPushSender implements PushSender {
  constructor(
    private readonly options: { allowPrivate: boolean; timeoutMs?: number; resolve?: HostResolver } = {
      allowPrivate: false,
    },
  ) {}

  async send(input: { url: string; body: string; headers: Record<string, string> }): Promise<SendResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const url = new URL(input.url);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    let addresses: string[];
    try {
      addresses = await (this.options.resolve ?? dnsResolver)(host);
    } catch (error) {
      return {
        outcome: 'network_error',
        durationMs: elapsed(),
        excerpt: `DNS: ${(error as Error).message}`.slice(0, EXCERPT_CHARS),
      };
    }
    const address = addresses[0];
    if (!address) return { outcome: 'network_error', durationMs: elapsed(), excerpt: 'DNS: no address' };
    if (!this.options.allowPrivate && addresses.some(isForbiddenAddress)) {
      return { outcome: 'refused', durationMs: elapsed(), excerpt: `refused: ${host} resolves to an internal address` };
    }
    const family = address.includes(':') ? 6 : 4;
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if ((options as { all?: boolean }).all)
        (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family }]);
      else callback(null, address, family);
    };
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<SendResult>((resolve) => {
      let settled = false;
      const finish = (result: Omit<SendResult, 'durationMs'>) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        request.destroy();
        resolve({ ...result, durationMs: elapsed() });
      };
      const request = send(url, {
        method: 'POST',
        lookup: pinned,
        headers: { ...input.headers, 'content-length': String(Buffer.byteLength(input.body)) },
        agent: false,
      });
      const timer = setTimeout(
        () => finish({ outcome: 'timeout', excerpt: `no answer within ${this.options.timeoutMs ?? DELIVERY_TIMEOUT_MS} ms` }),
        this.options.timeoutMs ?? DELIVERY_TIMEOUT_MS,
      );
      request.on('error', (error) => finish({ outcome: 'network_error', excerpt: error.message.slice(0, EXCERPT_CHARS) }));
      request.on('response', (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const done = () =>
          finish({
            outcome: status >= 200 && status < 300 ? 'delivered' : 'http_error',
            status,
            excerpt: printable(Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8')),
          });
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= EXCERPT_BYTES) done();
        });
        response.on('end', done);
        response.on('error', done);
      });
      request.end(input.body);
    });
  }
}

function printable(text: string): string {
  return text
    .replace(/[^\x20-\x7e\u00a0-\uffff]+/g, ' ')
    .trim()
    .slice(0, EXCERPT_CHARS);
}
