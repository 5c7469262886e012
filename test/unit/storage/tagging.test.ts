import { describe, expect, it } from 'vitest';
import { StorageError } from '../../../lib/storage/model/errors';
import { BUCKET_TAG_LIMIT, OBJECT_TAG_LIMIT, validTagSet } from '../../../lib/storage/model/tag-set';
import { copiedTags, parseTaggingHeader, requestedTags, taggingCountHeader } from '../../../lib/storage/model/tagging-headers';
import { parseTagging, taggingXml } from '../../../lib/storage/tagging/tagging-documents';

const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof StorageError ? error.code : String(error);
  }
  return 'ok';
};
const tags = (count: number, key = (i: number) => `k${i}`, value = (i: number) => `v${i}`) =>
  Array.from({ length: count }, (_, i) => ({ key: key(i), value: value(i) }));

describe('tag sets', () => {
  it("holds S3's limits: 10 per object, 50 per bucket, keys 1-128 and values up to 256 characters, unique keys", () => {
    expect(codeOf(() => validTagSet(tags(OBJECT_TAG_LIMIT), OBJECT_TAG_LIMIT))).toBe('ok');
    expect(codeOf(() => validTagSet(tags(OBJECT_TAG_LIMIT + 1), OBJECT_TAG_LIMIT))).toBe('InvalidTag');
    expect(codeOf(() => validTagSet(tags(BUCKET_TAG_LIMIT), BUCKET_TAG_LIMIT))).toBe('ok');
    expect(codeOf(() => validTagSet(tags(BUCKET_TAG_LIMIT + 1), BUCKET_TAG_LIMIT))).toBe('InvalidTag');
    expect(codeOf(() => validTagSet([{ key: 'k'.repeat(128), value: 'v'.repeat(256) }], 10))).toBe('ok');
    // Characters, not bytes or UTF-16 units: 128 emoji are a valid key.
    expect(codeOf(() => validTagSet([{ key: '😀'.repeat(128), value: 'é'.repeat(256) }], 10))).toBe('ok');
    expect(codeOf(() => validTagSet([{ key: 'k'.repeat(129), value: '' }], 10))).toBe('InvalidTag');
    expect(codeOf(() => validTagSet([{ key: 'k', value: 'v'.repeat(257) }], 10))).toBe('InvalidTag');
    expect(codeOf(() => validTagSet([{ key: '', value: 'v' }], 10))).toBe('InvalidTag');
    expect(codeOf(() => validTagSet([{ key: 'aws:owner', value: 'v' }], 10))).toBe('InvalidTag');
    expect(
      codeOf(() =>
        validTagSet(
          [
            { key: 'a', value: '1' },
            { key: 'a', value: '2' },
          ],
          10,
        ),
      ),
    ).toBe('InvalidTag');
  });

  it('keeps tags sorted by key, as RGW lists them', () => {
    expect(
      validTagSet(
        tags(3, (i) => ['foo', 'Hello', 'bar'][i]!),
        10,
      ).map((tag) => tag.key),
    ).toEqual(['Hello', 'bar', 'foo']);
  });
});

describe('x-amz-tagging and x-amz-tagging-directive', () => {
  it('reads the URL query form; a key without = has an empty value', () => {
    expect(parseTaggingHeader('foo=bar&bar')).toEqual([
      { key: 'bar', value: '' },
      { key: 'foo', value: 'bar' },
    ]);
    expect(parseTaggingHeader('a%20b=c%26d')).toEqual([{ key: 'a b', value: 'c&d' }]);
    expect(requestedTags({})).toBeUndefined();
    expect(codeOf(() => parseTaggingHeader(Array.from({ length: 11 }, (_, i) => `k${i}=v`).join('&')))).toBe('InvalidTag');
  });

  it('copies the source tags unless told to REPLACE them; an unknown directive is InvalidArgument', () => {
    const source = [{ key: 's', value: '1' }];
    expect(copiedTags({ 'x-amz-tagging': ['r=2'] }, source)).toEqual(source);
    expect(copiedTags({ 'x-amz-tagging-directive': ['REPLACE'], 'x-amz-tagging': ['r=2'] }, source)).toEqual([
      { key: 'r', value: '2' },
    ]);
    expect(copiedTags({ 'x-amz-tagging-directive': ['replace'] }, source)).toBeUndefined();
    expect(codeOf(() => copiedTags({ 'x-amz-tagging-directive': ['MERGE'] }, source))).toBe('InvalidArgument');
  });

  it('counts tags only when there are some', () => {
    expect(taggingCountHeader(undefined)).toEqual({});
    expect(taggingCountHeader([])).toEqual({});
    expect(taggingCountHeader(tags(2))).toEqual({ 'x-amz-tagging-count': '2' });
  });
});

describe('Tagging documents', () => {
  it('round-trips, keeping number-like and empty values as strings', () => {
    const set = [
      { key: '0', value: '' },
      { key: 'x<y', value: '&' },
    ];
    expect(parseTagging(taggingXml(set))).toEqual(set);
    expect(parseTagging('<Tagging><TagSet/></Tagging>')).toEqual([]);
  });

  it('refuses documents off the schema with MalformedXML', () => {
    for (const body of ['<Tagging>', '<Other/>', '<Tagging><TagSet><Tag><Value>v</Value></Tag></TagSet></Tagging>']) {
      expect(codeOf(() => parseTagging(body))).toBe('MalformedXML');
    }
  });
});
