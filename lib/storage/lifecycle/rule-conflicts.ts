import { StorageError } from '../model/errors';
import { type LifecycleRule, scopeOf } from '../model/lifecycle-rule';

/** A rule's actions by type, each with what it decides (two rules deciding the same type differently contradict). */
function actionsOf(rule: LifecycleRule): Map<string, string> {
  const actions = new Map<string, string>();
  const { expiration, noncurrentVersionExpiration: noncurrent, abortIncompleteMultipartUpload: abort } = rule;
  if (expiration?.days !== undefined || expiration?.date !== undefined) {
    actions.set('Expiration', JSON.stringify([expiration.days, expiration.date]));
  }
  if (expiration?.expiredObjectDeleteMarker !== undefined) {
    actions.set('ExpiredObjectDeleteMarker', String(expiration.expiredObjectDeleteMarker));
  }
  if (noncurrent)
    actions.set('NoncurrentVersionExpiration', JSON.stringify([noncurrent.noncurrentDays, noncurrent.newerNoncurrentVersions]));
  if (abort) actions.set('AbortIncompleteMultipartUpload', String(abort.daysAfterInitiation));
  return actions;
}

/**
 * Rules that contradict each other are refused, as S3 refuses overlapping rules: two enabled rules scoped by prefix
 * alone, one prefix covering the other's, that decide the same action type differently (400 InvalidRequest "Found
 * overlapping prefixes ... for same action type ..."). Rules narrowed by tags or sizes may overlap (the earliest
 * action wins, as on S3), as may disabled ones and rules that agree.
 */
export function assertNoConflicts(rules: readonly LifecycleRule[]): void {
  const candidates = rules.filter((rule) => {
    const scope = scopeOf(rule);
    return (
      rule.status === 'Enabled' &&
      scope.tags.length === 0 &&
      scope.sizeGreaterThan === undefined &&
      scope.sizeLessThan === undefined
    );
  });
  for (const [index, first] of candidates.entries()) {
    for (const second of candidates.slice(index + 1)) {
      const [a, b] = [scopeOf(first).prefix, scopeOf(second).prefix];
      if (!a.startsWith(b) && !b.startsWith(a)) continue;
      const theirs = actionsOf(second);
      const conflict = [...actionsOf(first)].find(([type, decision]) => theirs.has(type) && theirs.get(type) !== decision);
      if (conflict) {
        throw new StorageError(
          'InvalidRequest',
          `Found overlapping prefixes '${a}' and '${b}' for same action type '${conflict[0]}'`,
        );
      }
    }
  }
}
