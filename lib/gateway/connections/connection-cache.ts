export interface ConnectionCacheOptions<T> {
  /** How long a connection (and the secret it was built from) is kept: a rotated secret is used after this. */
  ttlMs: number;
  now?: () => number;
  /** Called on a connection replaced after its TTL (e.g. to close its sockets once the calls using it have ended). */
  retire?: (connection: T) => void;
}

/**
 * One connection per merchant and container (a PSP client, an acquirer client, a bank client), built on first use and
 * kept for a TTL. Concurrent first calls share one build; a failed build is not kept, so the next request tries again.
 */
export class ConnectionCache<T> {
  private readonly entries = new Map<string, { expiresAt: number; connection: Promise<T> }>();
  private readonly now: () => number;

  constructor(private readonly options: ConnectionCacheOptions<T>) {
    this.now = options.now ?? Date.now;
  }

  get(key: string, build: () => Promise<T>): Promise<T> {
    const now = this.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.connection;
    if (cached) this.retireLater(cached.connection);
    const connection = build();
    this.entries.set(key, { expiresAt: now + this.options.ttlMs, connection });
    connection.catch(() => {
      if (this.entries.get(key)?.connection === connection) this.entries.delete(key);
    });
    return connection;
  }

  /** Forgets every connection and returns the ones that were built, for the caller to close (tests, scripts). */
  async clear(): Promise<T[]> {
    const connections = [...this.entries.values()].map((entry) => entry.connection);
    this.entries.clear();
    const settled = await Promise.allSettled(connections);
    return settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  }

  private retireLater(connection: Promise<T>): void {
    const retire = this.options.retire;
    if (retire) connection.then(retire, () => {});
  }
}
