import { describe, expect, it } from 'vitest';
import { assertValidBucketName } from '../../../lib/storage/buckets/bucket-name';
import { resolveRange } from '../../../lib/storage/objects/byte-range';
import { evaluateConditions } from '../../../lib/storage/objects/conditional-request';
import { addressRequest } from '../../../lib/storage/requests/addressing';
import { subresourceOf } from '../../../lib/storage/requests/subresources';

describe('storage request rules', () => {
  it('addresses path style and virtual-host style, decoding once and keeping // and trailing /', () => {
    expect(addressRequest('/bkt/a%20b+c%252F//d/', 'localhost', 'localhost')).toMatchObject({
      bucket: 'bkt',
      key: 'a b+c%2F//d/',
    });
    expect(addressRequest('/dir/x', 'bkt.localhost', 'localhost')).toMatchObject({
      bucket: 'bkt',
      key: 'dir/x',
      virtualHost: true,
    });
    expect(addressRequest('/', 'my.dotted.bkt.s3.example.com', 's3.example.com')).toMatchObject({ bucket: 'my.dotted.bkt' });
    expect(addressRequest('/', 'localhost', 'localhost')).toEqual({ path: '/', virtualHost: false });
  });

  it('applies the bucket naming rules', () => {
    for (const name of ['abc', 'a.b-c', 'x'.repeat(63)]) expect(() => assertValidBucketName(name)).not.toThrow();
    for (const name of ['ab', 'ABC', 'a..b', '-ab', 'ab-', '192.168.1.1', 'xn--ab', 'a_b', 'x'.repeat(64)]) {
      expect(() => assertValidBucketName(name)).toThrow(expect.objectContaining({ code: 'InvalidBucketName' }));
    }
  });

  it('resolves single byte ranges as S3 does', () => {
    expect(resolveRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(resolveRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(resolveRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(resolveRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(resolveRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(resolveRange('nonsense', 100)).toBeUndefined();
    expect(() => resolveRange('bytes=100-', 100)).toThrow(expect.objectContaining({ code: 'InvalidRange' }));
  });

  it('evaluates conditional headers in RFC 7232 order', () => {
    const object = { etag: 'abc', lastModified: '2024-01-01T00:00:00.000Z' };
    expect(evaluateConditions({ ifMatch: '"abc"' }, object)).toBe('proceed');
    expect(evaluateConditions({ ifMatch: '"x"' }, object)).toBe('precondition-failed');
    expect(evaluateConditions({ ifMatch: '*', ifUnmodifiedSince: 'Sun, 31 Dec 2023 00:00:00 GMT' }, object)).toBe('proceed');
    expect(evaluateConditions({ ifUnmodifiedSince: 'Sun, 31 Dec 2023 00:00:00 GMT' }, object)).toBe('precondition-failed');
    expect(evaluateConditions({ ifNoneMatch: '"abc"' }, object)).toBe('not-modified');
    expect(evaluateConditions({ ifModifiedSince: 'Mon, 01 Jan 2024 00:00:00 GMT' }, object)).toBe('not-modified');
    expect(evaluateConditions({ ifNoneMatch: '"x"', ifModifiedSince: 'Mon, 01 Jan 2024 00:00:00 GMT' }, object)).toBe('proceed');
    expect(evaluateConditions({ ifModifiedSince: 'garbage' }, object)).toBe('proceed');
  });

  it('dispatches sub-resources: unsupported → NotImplemented, two at once → InvalidArgument', () => {
    expect(subresourceOf({ query: [['location', '']] })).toBe('location');
    expect(
      subresourceOf({
        query: [
          ['prefix', 'a'],
          ['list-type', '2'],
        ],
      }),
    ).toBeUndefined();
    expect(subresourceOf({ query: [['uploads', '']] })).toBe('uploads');
    expect(
      subresourceOf({
        query: [
          ['partNumber', '2'],
          ['uploadId', 'u'],
        ],
      }),
    ).toBe('uploadId');
    for (const name of ['inventory', 'replication', 'analytics']) {
      expect(() => subresourceOf({ query: [[name, '']] })).toThrow(expect.objectContaining({ code: 'NotImplemented' }));
    }
    expect(() =>
      subresourceOf({
        query: [
          ['location', ''],
          ['acl', ''],
        ],
      }),
    ).toThrow(expect.objectContaining({ code: 'InvalidArgument' }));
  });
});
