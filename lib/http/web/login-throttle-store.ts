import { BatchGetCommand, type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';

/** A counter of failed logins: per account (hashed e-mail) or per IP address. */
export interface ThrottleKey {
  name: string;
  limit: number;
}

/** Fixed 15-minute windows: simple, one counter item per key and window, deleted by TTL. */
export const THROTTLE_WINDOW_SECONDS = 15 * 60;

const counterKey = (key: string, windowStart: number) => ({ PK: `LOGINTHROTTLE#${key}`, SK: `WINDOW#${windowStart}` });

/** Failed sign-in counters with TTL in the surface's table (no cache in the container: every Lambda sees the same counts). */
export class LoginThrottleStore {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  /** Seconds until the current window ends when any key reached its limit; undefined when login may be tried. */
  async retryAfter(keys: ThrottleKey[], now: Date): Promise<number | undefined> {
    const { start, end } = windowOf(now);
    const { Responses } = await this.documents.send(
      new BatchGetCommand({
        RequestItems: { [this.table]: { Keys: keys.map((key) => counterKey(key.name, start)), ConsistentRead: true } },
      }),
    );
    const counts = new Map((Responses?.[this.table] ?? []).map((item) => [String(item.PK), Number(item.failures ?? 0)]));
    const blocked = keys.some((key) => (counts.get(`LOGINTHROTTLE#${key.name}`) ?? 0) >= key.limit);
    return blocked ? Math.max(1, end - Math.floor(now.getTime() / 1000)) : undefined;
  }

  /** One more failure on each key (atomic ADD: concurrent attempts are all counted). */
  async recordFailure(keys: ThrottleKey[], now: Date): Promise<void> {
    const { start, end } = windowOf(now);
    await Promise.all(
      keys.map((key) =>
        this.documents.send(
          new UpdateCommand({
            TableName: this.table,
            Key: counterKey(key.name, start),
            UpdateExpression: 'ADD failures :one SET expiresAt = :expires, kind = :kind',
            ExpressionAttributeValues: { ':one': 1, ':expires': end + 60, ':kind': 'loginThrottle' },
          }),
        ),
      ),
    );
  }
}

function windowOf(now: Date): { start: number; end: number } {
  const seconds = Math.floor(now.getTime() / 1000);
  const start = seconds - (seconds % THROTTLE_WINDOW_SECONDS);
  return { start, end: start + THROTTLE_WINDOW_SECONDS };
}
