import { AcquirerAnsweredError, AcquirerConnectionError } from '../connection/acquirer-connector';
import type { ERedeSecret } from '../connection/acquirer-secret';
import { type AcquirerHttpOptions, callAcquirer } from '../http/acquirer-http';

/** Renew this long before the token's expiry, so that a call never leaves with a token about to lapse. */
const EXPIRY_MARGIN_MS = 30_000;

/**
 * e.Rede's OAuth2 client credentials (since January 2026): one bearer token per connection, kept until shortly before
 * `expires_in`, shared by concurrent calls; `invalidate` drops it when the API answers 401 (the caller retries once).
 */
export class ERedeTokenSource {
  private current: { token: string; expiresAt: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(
    private readonly secret: ERedeSecret,
    private readonly http: AcquirerHttpOptions,
    private readonly connectionName: string,
    private readonly now: () => number = Date.now,
  ) {}

  token(): Promise<string> {
    if (this.current && this.current.expiresAt > this.now()) return Promise.resolve(this.current.token);
    this.pending ??= this.fetchToken().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  invalidate(token: string): void {
    if (this.current?.token === token) this.current = undefined;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.secret.clientId}:${this.secret.clientSecret}`, 'utf8').toString('base64');
    const answer = await callAcquirer(this.http, {
      acquirer: 'erede',
      operation: 'token',
      method: 'POST',
      url: this.secret.tokenUrl,
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const body = (typeof answer.body === 'object' && answer.body !== null ? answer.body : {}) as Record<string, unknown>;
    if (answer.status === 400 || answer.status === 401 || answer.status === 403) {
      throw new AcquirerConnectionError(
        `e.Rede recusou as credenciais da conexão ${this.connectionName} (HTTP ${answer.status})`,
      );
    }
    if (answer.status !== 200 || typeof body.access_token !== 'string' || body.access_token === '') {
      throw new AcquirerAnsweredError(answer.status);
    }
    const seconds = typeof body.expires_in === 'number' ? body.expires_in : Number(body.expires_in ?? 0);
    const lifetime = Math.max(0, (Number.isFinite(seconds) ? seconds : 0) * 1000 - EXPIRY_MARGIN_MS);
    this.current = { token: body.access_token, expiresAt: this.now() + lifetime };
    return body.access_token;
  }
}
