import { type WorkMeter, workMeter } from './work-meter';

/**
 * IAM's wildcard match: `*` any run of characters, `?` any one character, everything else literal. No regex: a
 * backtracking `.*` made a hostile pattern (`*a*a*a*b`) against a long key cost minutes. This is the greedy two-pointer
 * match that backtracks only to the last `*` (a later star never needs an earlier one undone), at most
 * pattern × value steps and usually about their sum; the steps are charged to the request's meter.
 */
/** Steps between two charges: a long match is stopped midway once the budget is gone. */
const CHARGE_EVERY = 4096;

export function wildcardMatches(
  pattern: string,
  value: string,
  { ignoreCase = false, meter = workMeter() }: { ignoreCase?: boolean; meter?: WorkMeter } = {},
): boolean {
  const p = ignoreCase ? pattern.toLowerCase() : pattern;
  const v = ignoreCase ? value.toLowerCase() : value;
  let pi = 0;
  let vi = 0;
  let star = -1;
  let resume = 0;
  let steps = 0;
  while (vi < v.length) {
    if (++steps === CHARGE_EVERY) {
      meter.charge(steps);
      steps = 0;
    }
    if (pi < p.length && (p[pi] === '?' || (p[pi] === v[vi] && p[pi] !== '*'))) {
      pi++;
      vi++;
    } else if (pi < p.length && p[pi] === '*') {
      star = pi++;
      resume = vi;
    } else if (star >= 0) {
      pi = star + 1;
      vi = ++resume;
    } else {
      meter.charge(steps);
      return false;
    }
  }
  while (pi < p.length && p[pi] === '*') pi++;
  meter.charge(steps + 1);
  return pi === p.length;
}
