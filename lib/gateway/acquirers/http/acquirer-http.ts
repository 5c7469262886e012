import { jsonOrUndefined } from '../../pix/psp/json-text';

/** What an acquirer connector logs: one line per call, with no header, body, card data or credential. */
export interface AcquirerLogger {
  info(message: string, attributes: Record<string, unknown>): void;
  warn(message: string, attributes: Record<string, unknown>): void;
}

export const SILENT_ACQUIRER_LOGGER: AcquirerLogger = { info: () => {}, warn: () => {} };

/** The acquirer did not answer (timeout, connection refused or dropped): whether it acted is unknown. */
export class AcquirerTransportError extends Error {
  override name = 'AcquirerTransportError';

  constructor(readonly kind: 'timeout' | 'network') {
    super(kind === 'timeout' ? 'the acquirer did not answer in time' : 'the connection to the acquirer failed');
  }
}

export interface AcquirerHttpOptions {
  /** Per call, connect to last byte. */
  timeoutMs: number;
  logger: AcquirerLogger;
  now?: () => number;
}

export interface AcquirerCall {
  /** `cielo`, `erede`: in the log line. */
  acquirer: string;
  /** What the call does (`authorize`, `capture`, `query`...): in the log line in place of the URL. */
  operation: string;
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  body?: unknown;
  /** Logged so that a call can be found at the acquirer (Cielo's RequestId). */
  requestId?: string;
}

export interface AcquirerAnswer {
  status: number;
  body: unknown;
}

/** One HTTP call to an acquirer, JSON in and out; a timeout or broken connection is an AcquirerTransportError. */
export async function callAcquirer(options: AcquirerHttpOptions, call: AcquirerCall): Promise<AcquirerAnswer> {
  const now = options.now ?? Date.now;
  const started = now();
  const line = { acquirer: call.acquirer, operation: call.operation, ...(call.requestId ? { requestId: call.requestId } : {}) };
  try {
    const response = await fetch(call.url, {
      method: call.method,
      headers: {
        accept: 'application/json',
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...call.headers,
      },
      ...(call.body === undefined ? {} : { body: typeof call.body === 'string' ? call.body : JSON.stringify(call.body) }),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    const text = await response.text();
    const level = response.status >= 500 ? 'warn' : 'info';
    options.logger[level]('acquirer call', { ...line, status: response.status, ms: now() - started });
    return { status: response.status, body: text === '' ? undefined : jsonOrUndefined(text) };
  } catch (error) {
    const kind = isTimeout(error) ? 'timeout' : 'network';
    options.logger.warn('acquirer call failed', { ...line, failure: kind, ms: now() - started });
    throw new AcquirerTransportError(kind);
  }
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
}
