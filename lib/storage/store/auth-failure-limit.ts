import { StorageError } from '../model/errors';

/** Failed signatures and unknown access keys, counted per source address and minute (the port; DynamoDB in production). */
export interface AuthFailureCounter {
  /** Counts one failure of `address` in `window`, returning how many that window holds now (this one included). */
  count(address: string, window: string, expiresAt: number): Promise<number>;
}

export interface AuthFailureLimit {
  counter: AuthFailureCounter;
  /** Failures one address may have per minute before its further failures are answered SlowDown. */
  perMinute: number;
}

const COUNTED = new Set(['InvalidAccessKeyId', 'SignatureDoesNotMatch']);

/**
 * Rethrows an authentication failure, or SlowDown (503, Retry-After until the minute ends) once the address has
 * failed more than the limit this minute. Only failures are counted, so a correctly signed request costs nothing
 * and is never slowed: guessing secrets or access keys gets expensive, using your own does not.
 */
export async function limitAuthFailures(
  limit: AuthFailureLimit | undefined,
  address: string | undefined,
  now: Date,
  error: unknown,
): Promise<never> {
  if (!limit || address === undefined || !(error instanceof StorageError) || !COUNTED.has(error.code)) throw error;
  const window = now.toISOString().slice(0, 16); // one minute, UTC
  const failures = await limit.counter.count(address, window, Math.floor(now.getTime() / 1000) + 120);
  if (failures <= limit.perMinute) throw error;
  throw new StorageError('SlowDown', undefined, {}, { 'retry-after': String(60 - now.getUTCSeconds()) });
}
