import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseEncryptionConfiguration } from '../../../lib/storage/encryption/encryption-documents';
import { assertKeyFits, encryptionForWrite, openCipher } from '../../../lib/storage/encryption/object-keys';
import {
  COPY_SOURCE_CUSTOMER_KEY_HEADERS,
  customerKeyOf,
  readKeyOf,
  requestedEncryption,
} from '../../../lib/storage/encryption/sse-headers';
import { BlobCipher, blobIv, counterBlock } from '../../../lib/storage/model/blob-cipher';
import { StorageError } from '../../../lib/storage/model/errors';
import type { DataKey, KeyProvider } from '../../../lib/storage/model/key-provider';

const KEY = 'pO3upElrwuEXSoFwCfnZPdSsmt/xWeFa0N9KgDijwVs=';
const KEY_MD5 = 'DWygnHRtgiJ77HCm+1rvHw==';
const OTHER_KEY = '6b+WOZ1T3cqZMxgThRcXAQBrS5mXKdDUphvpxptl9/4=';
const OTHER_MD5 = 'arxBvwY2V4SiOne6yppVPQ==';
const sseC = (key = KEY, md5 = KEY_MD5) => ({
  'x-amz-server-side-encryption-customer-algorithm': ['AES256'],
  'x-amz-server-side-encryption-customer-key': [key],
  'x-amz-server-side-encryption-customer-key-md5': [md5],
});
const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof StorageError ? `${error.code}` : String(error);
  }
  return 'no error';
};

/** An in-memory key service: wraps by XOR with a per-key pad, refuses unknown ids as KMS does. */
class FakeKms implements KeyProvider {
  constructor(private readonly pads = new Map([['testkey-1', randomBytes(32)]])) {}
  async generateDataKey(keyId: string | undefined): Promise<DataKey> {
    const plaintext = randomBytes(32);
    return { plaintext, wrapped: this.xor(keyId, plaintext).toString('base64') };
  }
  async decryptDataKey(keyId: string | undefined, wrapped: string): Promise<Buffer> {
    return this.xor(keyId, Buffer.from(wrapped, 'base64'));
  }
  private xor(keyId: string | undefined, bytes: Buffer) {
    const pad = keyId === undefined ? Buffer.alloc(32, 7) : this.pads.get(keyId);
    if (!pad) throw new StorageError('KMS.NotFoundException', `Invalid keyId '${keyId}'`);
    return Buffer.from(bytes.map((byte, i) => byte ^ pad[i]!));
  }
}
const deps = { kms: new FakeKms(), sseCustomerKeyOverHttp: true };

describe('blob cipher (AES-256-CTR, IV from the blob id)', () => {
  const key = randomBytes(32);
  const cipher = new BlobCipher(key);
  const plaintext = randomBytes(1000);

  it('is standard AES-256-CTR: the whole blob matches node:crypto from the blob IV', () => {
    const reference = createCipheriv('aes-256-ctr', key, blobIv('b1'));
    expect(cipher.crypt('b1', 0, plaintext)).toEqual(Buffer.concat([reference.update(plaintext), reference.final()]));
  });

  it('decrypts any range from its offset alone, byte-exact (unaligned starts and ends)', () => {
    const ciphertext = cipher.crypt('b1', 0, plaintext);
    for (const [start, end] of [
      [0, 0],
      [1, 15],
      [15, 16],
      [17, 500],
      [999, 999],
      [0, 999],
    ] as const) {
      expect(cipher.crypt('b1', start, ciphertext.subarray(start, end + 1))).toEqual(plaintext.subarray(start, end + 1));
    }
  });

  it('uses another keystream for another blob under the same key', () => {
    expect(cipher.crypt('b1', 0, plaintext)).not.toEqual(cipher.crypt('b2', 0, plaintext));
    expect(cipher.crypt('b1', 0, plaintext)).not.toEqual(plaintext);
  });

  it('carries the counter across all 128 bits, as AES-CTR does', () => {
    expect(counterBlock(Buffer.alloc(16, 0xff), 1)).toEqual(Buffer.alloc(16, 0));
    expect(counterBlock(Buffer.from('000000000000000000000000000000ff', 'hex'), 2).toString('hex')).toBe(
      '00000000000000000000000000000101',
    );
  });
});

describe('SSE headers', () => {
  it('takes a valid SSE-C key and refuses what S3 refuses', () => {
    expect(customerKeyOf(sseC(), 'x-amz-server-side-encryption-customer-', true)?.keyMd5).toBe(KEY_MD5);
    const check = (headers: Record<string, string[]>) => codeOf(() => requestedEncryption(headers, true));
    expect(check(sseC(KEY, 'AAAAAAAAAAAAAAAAAAAAAA=='))).toBe('InvalidArgument');
    expect(check({ 'x-amz-server-side-encryption-customer-algorithm': ['AES256'] })).toBe('InvalidArgument');
    expect(check({ ...sseC(), 'x-amz-server-side-encryption-customer-algorithm': ['AES192'] })).toBe(
      'InvalidEncryptionAlgorithmError',
    );
    const { 'x-amz-server-side-encryption-customer-algorithm': _, ...noAlgorithm } = sseC();
    expect(check(noAlgorithm)).toBe('InvalidArgument');
    const shortKey = Buffer.alloc(16, 1).toString('base64');
    expect(check(sseC(shortKey, createHash('md5').update(Buffer.alloc(16, 1)).digest('base64')))).toBe('InvalidArgument');
    expect(check({ ...sseC(), 'x-amz-server-side-encryption': ['AES256'] })).toBe('InvalidArgument');
    expect(check({ 'x-amz-server-side-encryption': ['AES256'], 'x-amz-server-side-encryption-aws-kms-key-id': ['k'] })).toBe(
      'InvalidArgument',
    );
    expect(check({ 'x-amz-server-side-encryption-aws-kms-key-id': ['testkey-2'] })).toBe('InvalidArgument');
    expect(check({ 'x-amz-server-side-encryption': ['aes:kms'] })).toBe('InvalidArgument');
  });

  it("reads a copy source's key from the x-amz-copy-source-server-side-encryption-customer-* headers", () => {
    const copyHeaders = Object.fromEntries(
      Object.entries(sseC()).map(([name, value]) => [`x-amz-copy-source-${name.slice(6)}`, value]),
    );
    expect(Object.keys(copyHeaders)[0]).toBe('x-amz-copy-source-server-side-encryption-customer-algorithm');
    expect(customerKeyOf(copyHeaders, COPY_SOURCE_CUSTOMER_KEY_HEADERS, true)?.keyMd5).toBe(KEY_MD5);
    expect(customerKeyOf(copyHeaders, 'x-amz-server-side-encryption-customer-', true)).toBeUndefined();
  });

  it('refuses SSE-C over plain HTTP unless the stage allows it', () => {
    expect(codeOf(() => requestedEncryption(sseC(), false))).toBe('InvalidRequest');
    expect(requestedEncryption({ ...sseC(), 'x-forwarded-proto': ['https'] }, false)?.algorithm).toBe('SSE-C');
  });

  it('refuses x-amz-server-side-encryption on a read', () => {
    expect(codeOf(() => readKeyOf({ 'x-amz-server-side-encryption': ['aws:kms'] }, true))).toBe('InvalidArgument');
    expect(readKeyOf(sseC(), true)?.keyMd5).toBe(KEY_MD5);
  });
});

describe('object keys', () => {
  it('keeps no SSE-C key: only its MD5 and a salted HMAC, which tell the right key from another', async () => {
    const sealed = await encryptionForWrite(deps, {}, sseC());
    expect(sealed?.encryption.algorithm).toBe('SSE-C');
    expect(JSON.stringify(sealed?.encryption)).not.toContain(KEY);
    expect(JSON.stringify(sealed?.encryption)).not.toContain(Buffer.from(KEY, 'base64').toString('hex'));
    const right = customerKeyOf(sseC(), 'x-amz-server-side-encryption-customer-', true);
    const wrong = customerKeyOf(sseC(OTHER_KEY, OTHER_MD5), 'x-amz-server-side-encryption-customer-', true);
    expect(() => assertKeyFits(sealed!.encryption, right, 'object')).not.toThrow();
    expect(codeOf(() => assertKeyFits(sealed!.encryption, wrong, 'object'))).toBe('AccessDenied');
    expect(codeOf(() => assertKeyFits(sealed!.encryption, undefined, 'object'))).toBe('InvalidRequest');
    expect(codeOf(() => assertKeyFits(sealed!.encryption, wrong, 'upload'))).toBe('InvalidRequest');
    expect(codeOf(() => assertKeyFits(undefined, right, 'object'))).toBe('InvalidRequest');
  });

  it('wraps a fresh data key per object under the named KMS key, and opens it again', async () => {
    const headers = { 'x-amz-server-side-encryption': ['aws:kms'], 'x-amz-server-side-encryption-aws-kms-key-id': ['testkey-1'] };
    const first = await encryptionForWrite(deps, {}, headers);
    const second = await encryptionForWrite(deps, {}, headers);
    expect(first?.encryption).toMatchObject({ algorithm: 'aws:kms', kmsKeyId: 'testkey-1' });
    expect(first?.encryption).not.toEqual(second?.encryption);
    const opened = await openCipher(deps.kms, first!.encryption, undefined, 'object');
    const bytes = randomBytes(64);
    expect(opened!.crypt('b', 0, first!.cipher.crypt('b', 0, bytes))).toEqual(bytes);
  });

  it('refuses an unknown KMS key, and aws:kms without a key id unless the bucket default names one', async () => {
    const unknown = { 'x-amz-server-side-encryption': ['aws:kms'], 'x-amz-server-side-encryption-aws-kms-key-id': ['nope'] };
    await expect(encryptionForWrite(deps, {}, unknown)).rejects.toMatchObject({ code: 'KMS.NotFoundException' });
    const bare = { 'x-amz-server-side-encryption': ['aws:kms'] };
    await expect(encryptionForWrite(deps, {}, bare)).rejects.toMatchObject({ code: 'InvalidArgument' });
    const withDefault = { encryption: { algorithm: 'aws:kms' as const, kmsKeyId: 'testkey-1' } };
    expect((await encryptionForWrite(deps, withDefault, bare))?.encryption).toMatchObject({ kmsKeyId: 'testkey-1' });
  });

  it("applies the bucket's default only when the write names no encryption", async () => {
    const bucket = { encryption: { algorithm: 'AES256' as const } };
    expect((await encryptionForWrite(deps, bucket, {}))?.encryption.algorithm).toBe('AES256');
    expect((await encryptionForWrite(deps, bucket, sseC()))?.encryption.algorithm).toBe('SSE-C');
    expect(await encryptionForWrite(deps, {}, {})).toBeUndefined();
  });
});

describe('bucket encryption documents', () => {
  const document = (inner: string) =>
    `<ServerSideEncryptionConfiguration><Rule><ApplyServerSideEncryptionByDefault>${inner}</ApplyServerSideEncryptionByDefault></Rule></ServerSideEncryptionConfiguration>`;
  it('parses AES256 and aws:kms rules, refuses the rest', () => {
    expect(parseEncryptionConfiguration(document('<SSEAlgorithm>AES256</SSEAlgorithm>'))).toEqual({ algorithm: 'AES256' });
    expect(
      parseEncryptionConfiguration(document('<SSEAlgorithm>aws:kms</SSEAlgorithm><KMSMasterKeyID>testkey-1</KMSMasterKeyID>')),
    ).toEqual({ algorithm: 'aws:kms', kmsKeyId: 'testkey-1' });
    expect(codeOf(() => parseEncryptionConfiguration(document('<SSEAlgorithm>DES</SSEAlgorithm>')))).toBe('MalformedXML');
    expect(
      codeOf(() =>
        parseEncryptionConfiguration(document('<SSEAlgorithm>AES256</SSEAlgorithm><KMSMasterKeyID>k</KMSMasterKeyID>')),
      ),
    ).toBe('InvalidArgument');
    expect(codeOf(() => parseEncryptionConfiguration('<nope'))).toBe('MalformedXML');
  });
});
