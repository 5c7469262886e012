import { StorageError } from './errors';

/** One tag of an object or a bucket. */
export interface Tag {
  key: string;
  value: string;
}

/** S3's limits: 10 tags per object, 50 per bucket; keys of 1 to 128 characters, values of at most 256. */
export const OBJECT_TAG_LIMIT = 10;
export const BUCKET_TAG_LIMIT = 50;
const MAX_KEY_CHARACTERS = 128;
const MAX_VALUE_CHARACTERS = 256;

/** Characters as S3 counts them (code points, not UTF-16 units). */
const characters = (text: string) => [...text].length;

/**
 * A tag set as stored: within S3's limits (400 InvalidTag otherwise, as S3 and RGW answer), keys unique and not in
 * the reserved `aws:` namespace, sorted by key (RGW keeps tags in a sorted map, and s3-tests reads them back in that order).
 */
export function validTagSet(tags: readonly Tag[], limit: number): Tag[] {
  if (tags.length > limit) throw invalidTag(`Object tags cannot be greater than ${limit}`);
  const keys = new Set<string>();
  for (const { key, value } of tags) {
    if (characters(key) < 1 || characters(key) > MAX_KEY_CHARACTERS) throw invalidTag('The TagKey you have provided is invalid');
    if (characters(value) > MAX_VALUE_CHARACTERS) throw invalidTag('The TagValue you have provided is invalid');
    if (key.toLowerCase().startsWith('aws:')) throw invalidTag('Your TagKey cannot be prefixed with aws:');
    if (keys.has(key)) throw invalidTag('Cannot provide multiple Tags with the same key');
    keys.add(key);
  }
  return [...tags].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

const invalidTag = (message: string) => new StorageError('InvalidTag', message);
