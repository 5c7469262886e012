/** `20130524T000000Z` (ISO 8601 basic, as SigV4 sends it) or undefined. */
export function parseAmzDate(value: string | undefined): Date | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** An HTTP date (RFC 7231, also the obsolete forms Date.parse accepts) or undefined. */
export function parseHttpDate(value: string | undefined): Date | undefined {
  if (!value) return undefined;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? parseAmzDate(value) : new Date(parsed);
}

/**
 * The date a request was signed at (Date or x-amz-date; SigV4's x-amz-date only in ISO 8601 basic), not before the
 * epoch. RGW (ceph/s3-tests `*_bad_date_before_epoch_aws2`) refuses a pre-1970 date as invalid
 * (AccessDenied), where any other far date is merely skewed (RequestTimeTooSkewed).
 */
export function parseSigningDate(value: string | undefined, format: 'http' | 'amz' = 'http'): Date | undefined {
  const date = format === 'amz' ? parseAmzDate(value) : parseHttpDate(value);
  return date && date.getTime() >= 0 ? date : undefined;
}
