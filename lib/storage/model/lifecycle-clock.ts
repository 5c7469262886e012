/** S3's lifecycle day. */
export const STANDARD_DAY_SECONDS = 86_400;

/**
 * When `days` lifecycle days after `since` have passed. With S3's day, as S3 computes it: the count starts at the next
 * midnight UTC after `since`. With a shorter debug day (STORAGE_LIFECYCLE_DAY_SECONDS, DESIGN §7.6, as RGW's
 * rgw_lc_debug_interval) it is plain `days` × that many seconds, so tests wait seconds, not up to a day.
 */
export function dueAfter(since: Date | string, days: number, daySeconds: number): Date {
  const start = new Date(since).getTime();
  if (daySeconds < STANDARD_DAY_SECONDS) return new Date(start + days * daySeconds * 1000);
  const dayMs = STANDARD_DAY_SECONDS * 1000;
  return new Date(Math.ceil(start / dayMs) * dayMs + days * dayMs);
}

/** A rule's `Date` (midnight UTC). */
export const dateOf = (date: string): Date => new Date(/T/.test(date) ? date : `${date}T00:00:00Z`);
