import { connect } from 'node:net';
import { testStack } from './stack';

export interface WireRequest {
  method: string;
  /** The request target as it goes on the wire (percent-encoded path and query). */
  target: string;
  /** Written verbatim, in order, even values no HTTP client would send ('' or '-1' as Content-Length). */
  headers: Record<string, string>;
  body?: Buffer | string;
  /** Send FIN once the request is written (a body cut short then ends there). */
  halfClose?: boolean;
  /** With `Expect: 100-continue`, how long to wait for 100 Continue before sending the body anyway (curl waits 1 s). */
  continueTimeoutMs?: number;
  /** Give up waiting for the answer after this long. */
  timeoutMs?: number;
}

export interface WireResponse {
  /** Interim (1xx) statuses received before the final answer. */
  interim: number[];
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Whether the body was written (a client waiting for 100 Continue does not send it after a final answer). */
  bodySent: boolean;
}

/** One HTTP/1.1 exchange on a fresh TCP connection to the local stack, the request written byte for byte. */
export function wireRequest(input: WireRequest): Promise<WireResponse> {
  const { port, hostname } = new URL(testStack().baseUrl);
  const head = `${input.method} ${input.target} HTTP/1.1\r\n${Object.entries(input.headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')}\r\n`;
  const body = input.body === undefined ? Buffer.alloc(0) : Buffer.from(input.body);
  const expectsContinue = Object.entries(input.headers).some(
    ([name, value]) => name.toLowerCase() === 'expect' && /100-continue/i.test(value),
  );
  return new Promise((resolve, reject) => {
    let received = Buffer.alloc(0);
    let bodySent = false;
    let settled = false;
    const interim: number[] = [];
    const socket = connect(Number(port), hostname);
    const sendBody = () => {
      if (bodySent || settled) return;
      bodySent = true;
      if (body.length > 0) socket.write(body);
      if (input.halfClose) socket.end();
    };
    const finish = (response?: Omit<WireResponse, 'interim' | 'bodySent'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(giveUp);
      socket.destroy();
      if (response) resolve({ ...response, interim, bodySent });
      else reject(new Error(`no complete answer; received ${JSON.stringify(received.toString('latin1').slice(0, 300))}`));
    };
    const giveUp = setTimeout(() => finish(), input.timeoutMs ?? 30_000);
    socket.on('connect', () => {
      socket.write(head);
      if (!expectsContinue) sendBody();
      else setTimeout(sendBody, input.continueTimeoutMs ?? 5_000);
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      for (;;) {
        const end = received.indexOf('\r\n\r\n');
        if (end < 0) return;
        const lines = received.subarray(0, end).toString('latin1').split('\r\n');
        const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(lines[0] ?? '')?.[1]);
        const headers = Object.fromEntries(
          lines.slice(1).map((line) => {
            const colon = line.indexOf(':');
            return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
          }),
        );
        if (status >= 100 && status < 200) {
          interim.push(status);
          received = received.subarray(end + 4);
          if (status === 100) sendBody();
          continue;
        }
        const length = Number(headers['content-length'] ?? 0);
        if (received.length - end - 4 < length) return;
        finish({ status, headers, body: received.subarray(end + 4, end + 4 + length).toString('utf8') });
        return;
      }
    });
    socket.on('error', () => finish());
    socket.on('close', () => finish());
  });
}

/** The <Code> of an S3 error document. */
export const wireErrorCode = (response: WireResponse) => /<Code>([^<]*)<\/Code>/.exec(response.body)?.[1];
