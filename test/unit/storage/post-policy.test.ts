import { describe, expect, it } from 'vitest';
import { checkPostPolicy, parsePostPolicy } from '../../../lib/storage/post/post-policy';

const encode = (document: unknown) => Buffer.from(JSON.stringify(document)).toString('base64');
const now = new Date('2026-01-01T00:00:00Z');
const policy = parsePostPolicy(
  encode({
    expiration: '2026-01-01T01:00:00Z',
    conditions: [
      { bucket: 'b' },
      ['starts-with', '$key', 'up/'],
      ['eq', '$Content-Type', 'image/png'],
      ['content-length-range', 2, 10],
    ],
  }),
);
const fields = (extra: Record<string, string> = {}) =>
  new Map(Object.entries({ bucket: 'b', key: 'up/x.png', 'content-type': 'image/png', ...extra }));
const codeOf = (run: () => void) => {
  try {
    run();
    return 'ok';
  } catch (error) {
    return `${(error as { code: string }).code}: ${(error as Error).message}`;
  }
};

describe('POST policy', () => {
  it('accepts a form that meets every condition, field names compared case-insensitively', () => {
    expect(codeOf(() => checkPostPolicy(policy, fields({ 'x-ignore-me': '1' }), 5, now))).toBe('ok');
  });

  it('refuses each violated condition with S3’s code', () => {
    expect(codeOf(() => checkPostPolicy(policy, fields({ key: 'down/x' }), 5, now))).toMatch(/^AccessDenied: .*Condition failed/);
    expect(codeOf(() => checkPostPolicy(policy, fields({ bucket: 'c' }), 5, now))).toMatch(/^AccessDenied/);
    expect(codeOf(() => checkPostPolicy(policy, fields({ 'content-type': 'image/gif' }), 5, now))).toMatch(/^AccessDenied/);
    expect(codeOf(() => checkPostPolicy(policy, fields(), 1, now))).toMatch(/^EntityTooSmall/);
    expect(codeOf(() => checkPostPolicy(policy, fields(), 11, now))).toMatch(/^EntityTooLarge/);
    expect(codeOf(() => checkPostPolicy(policy, fields({ acl: 'public-read' }), 5, now))).toBe(
      'AccessDenied: Invalid according to Policy: Extra input fields: acl',
    );
    expect(codeOf(() => checkPostPolicy(policy, fields(), 5, new Date('2026-01-01T02:00:00Z')))).toBe(
      'AccessDenied: Invalid according to Policy: Policy expired.',
    );
  });

  it('refuses every x-amz-* field no condition names (S3: each form field must be covered), but checksums', () => {
    for (const name of [
      'x-amz-meta-owner',
      'x-amz-server-side-encryption',
      'x-amz-storage-class',
      'x-amz-copy-source',
      'x-amz-grant-read',
    ]) {
      expect(codeOf(() => checkPostPolicy(policy, fields({ [name]: 'v' }), 5, now))).toBe(
        `AccessDenied: Invalid according to Policy: Extra input fields: ${name}`,
      );
    }
    expect(codeOf(() => checkPostPolicy(policy, fields({ 'x-amz-checksum-crc32': 'AAAAAA==' }), 5, now))).toBe('ok');
  });

  it('refuses malformed policies', () => {
    for (const bad of [
      'not json',
      encode({ conditions: [] }),
      encode({ expiration: '2026-01-01T00:00:00Z' }),
      encode({ expiration: '2026-01-01T00:00:00Z', conditions: [['between', 1, 2]] }),
      encode({ expiration: '2026-01-01 00:00:00.123456+00:00', conditions: [] }),
      encode({ EXPIRATION: '2026-01-01T00:00:00Z', conditions: [] }),
      encode({ expiration: '2026-01-01T00:00:00Z', CONDITIONS: [] }),
      encode({ expiration: '2026-01-01T00:00:00Z', conditions: [{}] }),
      encode({ expiration: '2026-01-01T00:00:00Z', conditions: [['content-length-range', 0]] }),
      encode({ expiration: '2026-01-01T00:00:00Z', conditions: [['content-length-range', -1, 0]] }),
    ]) {
      expect(codeOf(() => parsePostPolicy(bad.startsWith('not') ? Buffer.from(bad).toString('base64') : bad))).toMatch(
        /^InvalidPolicyDocument/,
      );
    }
  });

  it('accepts fractional seconds in the expiration, and x-amz-checksum-* fields no condition names', () => {
    const fractional = parsePostPolicy(encode({ expiration: '2026-01-01T01:00:00.000Z', conditions: [{ bucket: 'b' }] }));
    expect(fractional.expiration.toISOString()).toBe('2026-01-01T01:00:00.000Z');
    const checked = new Map([
      ['bucket', 'b'],
      ['x-amz-checksum-sha256', 'x'],
    ]);
    expect(codeOf(() => checkPostPolicy(fractional, checked, 1, now))).toBe('ok');
  });
});
