import { dateOf, dueAfter, STANDARD_DAY_SECONDS } from './lifecycle-clock';
import type { LifecycleRule, ObjectFacts } from './lifecycle-rule';
import { ruleApplies } from './lifecycle-rule';

/**
 * `x-amz-expiration` on PUT, GET and HEAD of a current object: when the earliest enabled Expiration rule that applies
 * to it will expire it, and that rule's id (`expiry-date="Fri, 23 Dec 2012 00:00:00 GMT", rule-id="..."`). The date
 * is S3's (the next midnight UTC after the object's last-modified, plus Days): what a client plans with. A short
 * debug day only speeds up enforcement (RGW reports its header the same way).
 */
export function expirationHeader(
  rules: readonly LifecycleRule[] | undefined,
  object: ObjectFacts & { lastModified: string },
): Record<string, string> {
  let earliest: { date: Date; id: string } | undefined;
  for (const rule of rules ?? []) {
    const expiration = rule.expiration;
    if (rule.status !== 'Enabled' || !expiration || !ruleApplies(rule, object)) continue;
    const date =
      expiration.days !== undefined
        ? dueAfter(object.lastModified, expiration.days, STANDARD_DAY_SECONDS)
        : expiration.date !== undefined
          ? dateOf(expiration.date)
          : undefined;
    if (date && (!earliest || date < earliest.date)) earliest = { date, id: rule.id };
  }
  if (!earliest) return {};
  return { 'x-amz-expiration': `expiry-date="${earliest.date.toUTCString()}", rule-id="${encodeURIComponent(earliest.id)}"` };
}
