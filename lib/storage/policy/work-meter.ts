/** Thrown when one request's policy evaluation has used up its budget: the evaluator then denies (fails closed). */
export class PolicyWorkExceeded extends Error {
  constructor() {
    super('policy evaluation exceeded its work budget');
    this.name = 'PolicyWorkExceeded';
  }
}

/** Counts the wildcard steps one request spends on policy evaluation. */
export interface WorkMeter {
  charge(steps: number): void;
}

/**
 * Steps one request may spend matching policy wildcards: about 25 ms of CPU (some 11 ns a step on a 2-core CI machine). An ordinary policy
 * spends a few hundred per key; a hostile pattern against a long key, or a multi-delete of a thousand such keys,
 * runs out instead of burning seconds.
 */
export const REQUEST_WORK_BUDGET = 2_000_000;

/**
 * A multi-delete's budget for all its keys together (about 110 ms): ordinary policies spend about a thousand steps a
 * key, so a thousand keys fit many times over.
 */
export const MULTI_DELETE_WORK_BUDGET = 10_000_000;

/** A fresh meter for one request (a multi-delete shares one across all its keys). */
export function workMeter(budget = REQUEST_WORK_BUDGET): WorkMeter {
  let left = budget;
  return {
    charge(steps) {
      left -= steps;
      if (left < 0) throw new PolicyWorkExceeded();
    },
  };
}
