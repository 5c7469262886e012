import { timingSafeEqual } from 'node:crypto';

/** Compares two secrets (MACs, hashes, codes) in time that does not depend on where they differ. */
export function constantTimeEqual(actual: string | Buffer, expected: string | Buffer): boolean {
  const a = typeof actual === 'string' ? Buffer.from(actual) : actual;
  const b = typeof expected === 'string' ? Buffer.from(expected) : expected;
  return a.length === b.length && timingSafeEqual(a, b);
}
