import { BearerTokenCache } from '../../connections/bearer-token-cache';
import { basicClientCredentials } from '../../connections/secret-json';
import { jsonOrUndefined } from './json-text';
import type { MtlsTransport } from './mtls-transport';
import type { PixPspConfig } from './psp-config';
import { PixPspError } from './psp-error';

/** The PSP answered the token request with a 5xx or 429: worth another attempt. */
export class RetryableStatus extends Error {
  override name = 'RetryableStatus';
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

/**
 * OAuth2 client credentials (RFC 6749 §4.4) over the same mutual TLS: the client authenticates with HTTP Basic, the
 * token is kept until shortly before `expires_in` runs out, and concurrent callers share one request for it.
 */
export class OAuthTokenSource {
  private readonly cache: BearerTokenCache;

  constructor(
    private readonly config: PixPspConfig,
    private readonly transport: MtlsTransport,
    now: () => number = Date.now,
  ) {
    this.cache = new BearerTokenCache(() => this.request(), now);
  }

  token(): Promise<string> {
    return this.cache.token();
  }

  /** The PSP refused this token (401): drop it, unless a newer one already replaced it. */
  invalidate(token: string): void {
    this.cache.invalidate(token);
  }

  private async request(): Promise<{ token: string; expiresInSeconds: number }> {
    const response = await this.transport.send({
      method: 'POST',
      url: this.config.tokenUrl,
      headers: {
        authorization: basicClientCredentials(this.config.clientId, this.config.clientSecret.reveal()),
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: this.config.scope }).toString(),
    });
    if (response.status >= 500 || response.status === 429) throw new RetryableStatus(response.status);
    if (response.status !== 200) {
      throw new PixPspError('authentication', `O PSP Pix recusou as credenciais OAuth do cliente (HTTP ${response.status})`, {
        status: response.status,
      });
    }
    return parseGrant(response.body);
  }
}

function parseGrant(body: string): { token: string; expiresInSeconds: number } {
  const grant = (jsonOrUndefined(body) ?? {}) as { access_token?: unknown; token_type?: unknown; expires_in?: unknown };
  if (typeof grant.access_token !== 'string' || !grant.access_token || String(grant.token_type).toLowerCase() !== 'bearer') {
    throw new PixPspError('protocol', 'O PSP Pix respondeu ao pedido de token sem um access_token Bearer');
  }
  const expiresIn = typeof grant.expires_in === 'number' && grant.expires_in > 0 ? grant.expires_in : 60;
  return { token: grant.access_token, expiresInSeconds: expiresIn };
}
