import { describe, expect, it } from 'vitest';
import { StorageError } from '../../../lib/storage/model/errors';
import { assertRequestHeaders, REQUEST_HEADER_RULES, ruleFor } from '../../../lib/storage/requests/request-header-rules';

const outcome = (headers: Record<string, string>) => {
  try {
    assertRequestHeaders(Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]])));
  } catch (error) {
    return error instanceof StorageError ? error.code : String(error);
  }
  return 'honoured';
};

describe('request header rules', () => {
  it('names, for every header, the module that honours it or the S3 error that refuses it', () => {
    for (const [name, rule] of Object.entries(REQUEST_HEADER_RULES)) {
      expect(name, name).toMatch(/^x-amz-[a-z0-9-]+$/);
      expect(rule.honouredBy !== undefined || rule.refusal !== undefined, name).toBe(true);
      if (rule.values) expect(rule.refusal, name).toBeDefined();
    }
  });

  it('refuses with the S3 error of the rule, honours the accepted values, ignores headers S3 does not define', () => {
    expect(outcome({ 'x-amz-acl': 'private', 'x-amz-meta-colour': 'blue', 'content-type': 'a/b' })).toBe('honoured');
    expect(outcome({ 'x-amz-storage-class': 'STANDARD' })).toBe('honoured');
    expect(outcome({ 'x-amz-storage-class': 'standard' })).toBe('honoured');
    expect(outcome({ 'x-amz-storage-class': 'GLACIER' })).toBe('InvalidStorageClass');
    expect(outcome({ 'x-amz-server-side-encryption': 'AES256' })).toBe('honoured');
    expect(outcome({ 'x-amz-object-lock-mode': 'GOVERNANCE' })).toBe('honoured');
    expect(outcome({ 'x-amz-bucket-object-lock-enabled': 'false' })).toBe('honoured');
    expect(outcome({ 'x-amz-bucket-object-lock-enabled': 'true' })).toBe('honoured');
    expect(outcome({ 'x-amz-bucket-object-lock-token': 'token' })).toBe('NotImplemented');
    expect(outcome({ 'x-amz-checksum-xxhash64': 'AAAA' })).toBe('InvalidRequest');
    expect(outcome({ 'x-amz-security-token': 'token' })).toBe('InvalidToken');
    expect(outcome({ 'x-amz-user-agent': 'aws-sdk-js' })).toBe('honoured');
    expect(ruleFor('X-Amz-Meta-Anything')?.honouredBy).toBe('objects/object-headers');
  });
});
