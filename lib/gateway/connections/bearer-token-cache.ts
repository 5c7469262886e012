/** Renew this long (at most a tenth of the lifetime) before the server's expiry, so a token is not sent in its last seconds. */
const EXPIRY_MARGIN_MS = 30_000;

/**
 * One OAuth2 bearer token per connection (a PSP's, an acquirer's): kept until shortly before `expires_in` runs out,
 * one request for it shared by concurrent callers, dropped by `invalidate` when the API refuses it (401).
 */
export class BearerTokenCache {
  private cached?: { token: string; expiresAt: number };
  private pending?: Promise<string>;

  constructor(
    private readonly request: () => Promise<{ token: string; expiresInSeconds: number }>,
    private readonly now: () => number = Date.now,
  ) {}

  token(): Promise<string> {
    if (this.cached && this.cached.expiresAt > this.now()) return Promise.resolve(this.cached.token);
    this.pending ??= this.renew().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** The server refused this token: drop it, unless a newer one already replaced it. */
  invalidate(token: string): void {
    if (this.cached?.token === token) this.cached = undefined;
  }

  private async renew(): Promise<string> {
    const { token, expiresInSeconds } = await this.request();
    const lifetimeMs = expiresInSeconds * 1000;
    this.cached = { token, expiresAt: this.now() + lifetimeMs - Math.min(EXPIRY_MARGIN_MS, lifetimeMs / 10) };
    return token;
  }
}
