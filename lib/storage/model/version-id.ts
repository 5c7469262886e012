import { randomBytes } from 'node:crypto';

/**
 * Version ids that sort newest first: 10 base32hex digits of an inverted millisecond clock, then 12
 * random ones (never reused, even after a permanent delete). The id is also the version item's sort
 * key suffix, so "newest first per key" is DynamoDB's query order.
 */
const DIGITS = '0123456789abcdefghijklmnopqrstuv';
const TIME_WIDTH = 10;
const MAX_TIME = 32 ** TIME_WIDTH - 1;

const encode = (value: number) => {
  let out = '';
  for (let rest = value, i = 0; i < TIME_WIDTH; i++, rest = Math.floor(rest / 32)) out = DIGITS[rest % 32] + out;
  return out;
};
const decode = (text: string) => [...text].reduce((value, digit) => value * 32 + DIGITS.indexOf(digit), 0);

/** A fresh version seq, strictly newer than `latest` (a writer with a slow clock still sorts above the version it replaces). */
export function newVersionSeq(now: Date, latest?: string): string {
  const ms = Math.max(now.getTime(), latest === undefined ? 0 : timeOfSeq(latest) + 1);
  const random = [...randomBytes(12)].map((byte) => DIGITS[byte % 32]).join('');
  return encode(MAX_TIME - ms) + random;
}

/** The seq a version written before the bucket was versioned gets (its place in time, no randomness needed: it is the key's only one). */
export const seqAt = (time: Date) => `${encode(MAX_TIME - time.getTime())}${'0'.repeat(12)}`;

export const timeOfSeq = (seq: string) => MAX_TIME - decode(seq.slice(0, TIME_WIDTH));

export const isVersionSeq = (value: string) => /^[0-9a-v]{22}$/.test(value);
