import type { IncomingHttpHeaders } from 'node:http';
import { Agent, request } from 'node:https';
import { createSecureContext } from 'node:tls';
import { PixPspError } from './psp-error';

export interface TransportRequest {
  method: 'GET' | 'PUT' | 'PATCH' | 'POST';
  url: string;
  headers: Record<string, string>;
  body?: string;
}

export interface TransportResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A request that got no HTTP answer: too slow, refused at the TLS handshake, or a broken connection. */
export class TransportError extends Error {
  override name = 'TransportError';
  constructor(
    /**
     * `reset-after-handshake`: a new connection closed right after the TLS handshake, before any answer. Under TLS 1.3
     * the server checks the client certificate after the client's handshake ends, and its alert is often lost in the
     * reset that follows: one such reset may be a glitch, a PSP that does it on every attempt refuses our certificate.
     */
    readonly failure: 'timeout' | 'certificate' | 'network' | 'reset-after-handshake',
    /** Node's error code (e.g. ERR_SSL_TLSV1_ALERT_UNKNOWN_CA), never the request. */
    readonly code: string | undefined,
    /** For certificate failures: whether the PSP refused ours (an alert) or we refused the PSP's. */
    readonly side?: 'ours' | 'theirs',
  ) {
    super(`${failure}${code ? ` (${code})` : ''}`);
  }
}

/** Node's codes for a PSP certificate we do not trust. */
const UNTRUSTED_SERVER = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_UNTRUSTED',
  'CERT_REJECTED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);
/** OpenSSL alerts the PSP sends when it refuses our client certificate (unknown CA, bad, expired, missing...). */
const REFUSED_CLIENT =
  /^ERR_SSL_(TLSV1|TLSV13|SSLV3)_ALERT_(UNKNOWN_CA|BAD_CERTIFICATE|CERTIFICATE_(REQUIRED|EXPIRED|REVOKED|UNKNOWN)|UNSUPPORTED_CERTIFICATE|ACCESS_DENIED|HANDSHAKE_FAILURE)$/;
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * HTTPS with a client certificate, on Node's own `https` (no dependency: its Agent takes the certificate, key and CA
 * and keeps connections alive between calls of the same container). One transport per merchant configuration.
 */
export class MtlsTransport {
  private readonly agent: Agent;

  constructor(
    credentials: { certificatePem: string; privateKeyPem: string; caPem?: string },
    private readonly timeoutMs: number,
  ) {
    const tls = {
      cert: credentials.certificatePem,
      key: credentials.privateKeyPem,
      ...(credentials.caPem ? { ca: credentials.caPem } : {}),
    };
    try {
      createSecureContext(tls); // a malformed PEM or a key that does not match the certificate fails here, not per request
    } catch {
      throw new PixPspError(
        'configuration',
        'Certificado ou chave privada do cliente Pix inválidos (PEM ilegível ou par que não corresponde)',
      );
    }
    this.agent = new Agent({ ...tls, keepAlive: true, maxSockets: 16, minVersion: 'TLSv1.2' });
  }

  send(outgoing: TransportRequest): Promise<TransportResponse> {
    return new Promise((resolve, reject) => {
      let settled = false;
      const settle = (action: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        action();
      };
      let handshakeDone = false;
      let answered = false;
      const call = request(outgoing.url, { method: outgoing.method, headers: outgoing.headers, agent: this.agent }, (answer) => {
        answered = true;
        const chunks: Buffer[] = [];
        let size = 0;
        answer.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BODY_BYTES) call.destroy(new TransportError('network', 'ERR_BODY_TOO_LARGE'));
          else chunks.push(chunk);
        });
        answer.on('end', () =>
          settle(() =>
            resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body: Buffer.concat(chunks).toString('utf8') }),
          ),
        );
        answer.on('error', (error) => settle(() => reject(classify(error))));
      });
      const timer = setTimeout(() => call.destroy(new TransportError('timeout', 'ETIMEDOUT')), this.timeoutMs);
      call.on('socket', (socket) => socket.once('secureConnect', () => (handshakeDone = true)));
      call.on('error', (error) => {
        const failure = classify(error);
        const freshReset = failure.failure === 'network' && handshakeDone && !answered && !call.reusedSocket;
        settle(() =>
          reject(
            freshReset && /^(ECONNRESET|EPIPE)$/.test(failure.code ?? '')
              ? new TransportError('reset-after-handshake', failure.code)
              : failure,
          ),
        );
      });
      call.end(outgoing.body);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

function classify(error: Error & { code?: string }): TransportError {
  if (error instanceof TransportError) return error;
  const code = error.code;
  if (code && UNTRUSTED_SERVER.has(code)) return new TransportError('certificate', code, 'theirs');
  if (code && REFUSED_CLIENT.test(code)) return new TransportError('certificate', code, 'ours');
  return new TransportError('network', code);
}
