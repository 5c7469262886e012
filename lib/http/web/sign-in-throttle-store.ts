import { createHash } from 'node:crypto';
import { type DynamoDBDocumentClient, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { isConditionalCheckFailed, isTransactionConditionFailed } from '../../aws';

export interface SignInLimits {
  /** Attempts per window for one identity from one address: guessing one password from one place. */
  perIdentityAndAddress: number;
  /** Attempts per window from one address, any identities (an office behind one NAT gets some room). */
  perAddress: number;
}

export const DEFAULT_SIGN_IN_LIMITS: SignInLimits = { perIdentityAndAddress: 5, perAddress: 20 };

/** Fixed 15-minute windows: one counter item per key and window, deleted by TTL. */
export const SIGN_IN_WINDOW_SECONDS = 15 * 60;

/**
 * Failed sign-ins counted per (identity, address) and per address, never per identity alone: an attacker who knows
 * an e-mail (or an access key id) pauses only their own address, never the real user signing in from elsewhere.
 * Each attempt reserves its slot in both counters in one conditional transaction before the password is checked,
 * so concurrent guesses cannot overshoot the limit; a successful attempt gives its slot back. Counters live in the
 * caller's table under `<prefix><key>` with a TTL; nothing is cached in the container. Used by the admin UI; any
 * sign-in form (e.g. the storage console) can use it with its own table and prefix.
 */
export class SignInThrottleStore {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly options: { prefix?: string; limits?: SignInLimits } = {},
  ) {}

  /** Reserves one attempt; the seconds until the window ends when a limit is already reached (nothing reserved). */
  async reserve(identity: string, address: string, now: Date): Promise<number | undefined> {
    const { start, end } = windowOf(now);
    try {
      await this.documents.send(
        new TransactWriteCommand({
          TransactItems: this.counters(identity, address).map(({ key, limit }) => ({
            Update: {
              TableName: this.table,
              Key: this.itemKey(key, start),
              UpdateExpression: 'ADD attempts :one SET expiresAt = :expires, kind = :kind',
              ConditionExpression: 'attribute_not_exists(attempts) OR attempts < :limit',
              ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expires': end + 60, ':kind': 'signInThrottle' },
            },
          })),
        }),
      );
      return undefined;
    } catch (error) {
      if (!isTransactionConditionFailed(error)) throw error;
      return Math.max(1, end - Math.floor(now.getTime() / 1000));
    }
  }

  /** The attempt reserved at `now` succeeded: it does not count against either limit. */
  async release(identity: string, address: string, now: Date): Promise<void> {
    const { start } = windowOf(now);
    await Promise.all(
      this.counters(identity, address).map(({ key }) =>
        this.documents
          .send(
            new UpdateCommand({
              TableName: this.table,
              Key: this.itemKey(key, start),
              UpdateExpression: 'ADD attempts :minusOne',
              ConditionExpression: 'attempts > :zero',
              ExpressionAttributeValues: { ':minusOne': -1, ':zero': 0 },
            }),
          )
          .catch((error) => {
            // Nothing to give back (the window just turned): nothing to do.
            if (!isConditionalCheckFailed(error)) throw error;
          }),
      ),
    );
  }

  private counters(identity: string, address: string): { key: string; limit: number }[] {
    const limits = this.options.limits ?? DEFAULT_SIGN_IN_LIMITS;
    // The identity is hashed: the table never holds the e-mails (or key ids) attackers typed.
    const pair = createHash('sha256').update(`${identity}\n${address}`).digest('hex');
    return [
      { key: `pair#${pair}`, limit: limits.perIdentityAndAddress },
      { key: `address#${address.slice(0, 64)}`, limit: limits.perAddress },
    ];
  }

  private itemKey(key: string, windowStart: number) {
    return { PK: `${this.options.prefix ?? 'LOGINTHROTTLE#'}${key}`, SK: `WINDOW#${windowStart}` };
  }
}

function windowOf(now: Date): { start: number; end: number } {
  const seconds = Math.floor(now.getTime() / 1000);
  const start = seconds - (seconds % SIGN_IN_WINDOW_SECONDS);
  return { start, end: start + SIGN_IN_WINDOW_SECONDS };
}
