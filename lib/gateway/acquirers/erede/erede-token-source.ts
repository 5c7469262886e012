import { BearerTokenCache } from '../../connections/bearer-token-cache';
import { basicClientCredentials } from '../../connections/secret-json';
import { AcquirerAnsweredError, AcquirerConnectionError } from '../connection/acquirer-connector';
import type { ERedeSecret } from '../connection/acquirer-secret';
import { type AcquirerHttpOptions, callAcquirer } from '../http/acquirer-http';

/**
 * e.Rede's OAuth2 client credentials (since January 2026): one bearer token per connection (BearerTokenCache), kept
 * until shortly before `expires_in`; `invalidate` drops it when the API answers 401 (the caller retries once).
 */
export class ERedeTokenSource {
  private readonly cache: BearerTokenCache;

  constructor(
    private readonly secret: ERedeSecret,
    private readonly http: AcquirerHttpOptions,
    private readonly connectionName: string,
    now: () => number = Date.now,
  ) {
    this.cache = new BearerTokenCache(() => this.fetchToken(), now);
  }

  token(): Promise<string> {
    return this.cache.token();
  }

  invalidate(token: string): void {
    this.cache.invalidate(token);
  }

  private async fetchToken(): Promise<{ token: string; expiresInSeconds: number }> {
    const answer = await callAcquirer(this.http, {
      acquirer: 'erede',
      operation: 'token',
      method: 'POST',
      url: this.secret.tokenUrl,
      headers: {
        authorization: basicClientCredentials(this.secret.clientId, this.secret.clientSecret),
        'content-type': 'application/x-www-form-urlencoded',
      },
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
    const seconds = Number(body.expires_in);
    return { token: body.access_token, expiresInSeconds: Number.isFinite(seconds) && seconds > 0 ? seconds : 60 };
  }
}
