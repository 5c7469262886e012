import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake saw it (headers by name only where a test asserts them: never card data). */
export interface SeenRequest {
  method: string;
  path: string;
  status: number | 'hung' | 'answer-lost';
  headers: Record<string, string | undefined>;
}

export interface FakeAnswer {
  status: number;
  body?: unknown;
}

/** What an acquirer fake decides for one request; `answer` may change the fake's state (a sale made). */
export type FakeRoute = (request: { method: string; url: URL; headers: IncomingMessage['headers']; body: string }) => FakeAnswer;

/**
 * The HTTP side shared by the acquirer fakes (node:http on 127.0.0.1, JSON in and out) and their fault knobs: fail the
 * next requests with a status (unprocessed), hang the next (never answered, never processed), process the next and
 * lose its answer (the socket is destroyed after the sale is made).
 */
export class FakeAcquirerServer {
  readonly seen: SeenRequest[] = [];
  private failures = { remaining: 0, status: 500 };
  private hangs = 0;
  private lostAnswers = 0;
  private readonly hung: ServerResponse[] = [];

  private constructor(
    private readonly server: Server,
    private readonly route: FakeRoute,
    /** Requests the knobs leave alone (e.Rede's token endpoint). */
    private readonly exempt: (path: string) => boolean,
  ) {}

  static async start(route: FakeRoute, exempt: (path: string) => boolean = () => false): Promise<FakeAcquirerServer> {
    const server = createServer();
    const fake = new FakeAcquirerServer(server, route, exempt);
    server.on('request', (request, response) => void fake.handle(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  failNext(count: number, status = 500): void {
    this.failures = { remaining: count, status };
  }

  hangNext(count: number): void {
    this.hangs = count;
  }

  loseNextAnswers(count: number): void {
    this.lostAnswers = count;
  }

  async stop(): Promise<void> {
    for (const response of this.hung) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const method = request.method ?? 'GET';
    const body = await readBody(request);
    const headers = {
      requestId: header(request, 'requestid'),
      merchantId: header(request, 'merchantid'),
      authorization: header(request, 'authorization')?.split(' ')[0],
      contentType: header(request, 'content-type'),
    };
    const record = (status: SeenRequest['status']) =>
      this.seen.push({ method, path: url.pathname + url.search, status, headers });
    const knobs = !this.exempt(url.pathname);
    if (knobs && this.hangs > 0) {
      this.hangs--;
      this.hung.push(response);
      record('hung');
      return;
    }
    if (knobs && this.failures.remaining > 0) {
      this.failures.remaining--;
      record(this.failures.status);
      return send(response, { status: this.failures.status, body: { Message: 'An error has occurred.', id: randomUUID() } });
    }
    let answer: FakeAnswer;
    try {
      answer = this.route({ method, url, headers: request.headers, body });
    } catch {
      answer = { status: 500, body: { Message: 'An error has occurred.' } };
    }
    if (knobs && this.lostAnswers > 0) {
      this.lostAnswers--;
      record('answer-lost');
      response.destroy();
      return;
    }
    record(answer.status);
    send(response, answer);
  }
}

function send(response: ServerResponse, answer: FakeAnswer): void {
  const text = answer.body === undefined ? '' : JSON.stringify(answer.body);
  response.writeHead(answer.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function header(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** The JSON object of a body, or undefined (malformed, or not an object). */
export function jsonObject(body: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(body);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The sandbox rule both acquirers' test environments follow: a card's final digit decides the outcome. */
export type CardVerdict = 'approved' | 'declined' | 'expired' | 'blocked' | 'timeout' | 'cancelled' | 'problem';

export function verdictOfCard(cardNumber: string): CardVerdict {
  const verdicts: Record<string, CardVerdict> = {
    '0': 'approved',
    '1': 'approved',
    '4': 'approved',
    '9': 'approved',
    '2': 'declined',
    '3': 'expired',
    '5': 'blocked',
    '6': 'timeout',
    '7': 'cancelled',
    '8': 'problem',
  };
  return verdicts[cardNumber.slice(-1)] ?? 'declined';
}

export const isPositiveInteger = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value > 0;
export const digits = (value: unknown, min: number, max: number): value is string =>
  typeof value === 'string' && new RegExp(`^\\d{${min},${max}}$`).test(value);
