import { logger } from '../../log';
import type { UsageEntry, UsageMeter } from '../model/request-usage';

export interface UsageBatching {
  /** How long counts wait in memory at most before a request writes them; 0 writes each request's count at once. */
  flushMs: number;
  /** Counts of this many requests are written at once, however young the batch. */
  maxRequests: number;
  now: () => number;
}

/** Requests a container counts before it writes, whatever the age of its batch: what a reclaimed container loses at most. */
export const USAGE_BATCH_MAX_REQUESTS = 1000;

const entryKey = (entry: UsageEntry) => `${entry.bucket}\u0000${entry.day}\u0000${entry.payerId}`;

/**
 * Usage counted in the container's memory per bucket × day × payer and written in one addition per counter when the
 * batch is `flushMs` old or holds `maxRequests` requests: no DynamoDB item is written by every request of a bucket,
 * and a request writes usage only when it happens to close its container's batch (docs/operations.md, "Keys and
 * scale", for what a frozen or reclaimed container leaves unwritten). The charge still names the payer of each request.
 */
export class BatchedUsageMeter implements UsageMeter {
  private readonly pending = new Map<string, UsageEntry>();
  private requests = 0;
  private openedAt: number | undefined;

  constructor(
    private readonly store: UsageMeter,
    private readonly batching: UsageBatching,
  ) {}

  async record(entry: UsageEntry): Promise<void> {
    this.add(entry);
    const now = this.batching.now();
    this.openedAt ??= now;
    if (now - this.openedAt < this.batching.flushMs && this.requests < this.batching.maxRequests) return;
    try {
      await this.flush();
    } catch (error) {
      // The counts stay in the batch for the next flush: this request's answer does not depend on the container's batch.
      logger().warn('usage counts not written', { error: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Writes every pending counter; counts whose write failed go back into the batch for the next flush. */
  async flush(): Promise<void> {
    const entries = [...this.pending.values()];
    this.pending.clear();
    this.requests = 0;
    this.openedAt = undefined;
    const results = await Promise.allSettled(entries.map((entry) => this.store.record(entry)));
    const failures = results.flatMap((result, i) => (result.status === 'rejected' ? [{ entry: entries[i]!, result }] : []));
    if (failures.length === 0) return;
    for (const { entry } of failures) this.add(entry);
    this.openedAt ??= this.batching.now();
    throw failures[0]!.result.reason;
  }

  /** The stored totals, this container's pending counts written first. */
  async list(bucket: string): Promise<UsageEntry[]> {
    await this.flush();
    return this.store.list(bucket);
  }

  private add(entry: UsageEntry): void {
    const key = entryKey(entry);
    const sum = this.pending.get(key);
    this.requests += entry.requests;
    if (!sum) {
      this.pending.set(key, { ...entry });
      return;
    }
    sum.requests += entry.requests;
    sum.bytesIn += entry.bytesIn;
    sum.bytesOut += entry.bytesOut;
  }
}
