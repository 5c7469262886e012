import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { StorageError } from '../../../lib/storage';
import { verifiedBodyMd5 } from '../../../lib/storage/objects/request-body';

const failure = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof StorageError ? [error.code, error.details] : error;
  }
  return 'passed';
};

describe('the checks of a single-request body (PutObject, UploadPart)', () => {
  const body = Buffer.from('0123456789');
  const md5 = createHash('md5').update(body).digest();

  it('answers a body over the stage cap with EntityTooLarge naming the cap, whatever it declares', () => {
    expect(failure(() => verifiedBodyMd5(9, { 'content-length': ['10'] }, body))).toEqual([
      'EntityTooLarge',
      { ProposedSize: '10', MaxSizeAllowed: '9' },
    ]);
    expect(failure(() => verifiedBodyMd5(100, { 'content-length': ['5000'] }, body))).toEqual([
      'EntityTooLarge',
      { ProposedSize: '5000', MaxSizeAllowed: '100' },
    ]);
  });

  it('needs a declared length, unless the body came chunked; refuses short bodies and wrong digests', () => {
    expect(failure(() => verifiedBodyMd5(100, {}, body))).toEqual(['MissingContentLength', {}]);
    expect(verifiedBodyMd5(100, { 'transfer-encoding': ['chunked'] }, body).equals(md5)).toBe(true);
    expect(failure(() => verifiedBodyMd5(100, { 'content-length': ['11'] }, body))).toEqual(['IncompleteBody', {}]);
    expect(failure(() => verifiedBodyMd5(100, { 'content-length': ['-1'] }, body))).toEqual(['InvalidArgument', {}]);
    const other = createHash('md5').update('x').digest('base64');
    expect(failure(() => verifiedBodyMd5(100, { 'content-length': ['10'], 'content-md5': [other] }, body))).toEqual([
      'BadDigest',
      {},
    ]);
    expect(verifiedBodyMd5(100, { 'content-length': ['10'], 'content-md5': [md5.toString('base64')] }, body).equals(md5)).toBe(
      true,
    );
  });
});
