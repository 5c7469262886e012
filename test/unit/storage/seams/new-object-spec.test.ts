import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ALL_USERS } from '../../../../lib/storage/model/access-control';
import type { BucketRecord } from '../../../../lib/storage/model/bucket';
import { newObjectSpec } from '../../../../lib/storage/objects/new-object-spec';
import { memoryStorage, signedBy, storageUser } from '../../../support/storage-memory/memory-storage-deps';
import { bucketOf, headers, put, read, refusal } from '../../../support/storage-memory/storage-calls';

const alice = storageUser('alice');
const bob = storageUser('bob');
const owner = signedBy(alice);

async function setUp(bucketHeaders: Record<string, string> = {}) {
  const storage = memoryStorage({ users: [alice, bob], kmsKeyIds: ['testkey-1'] });
  const bucket = await bucketOf(storage.deps, owner, 'photos', bucketHeaders);
  const spec = (plain: Record<string, string>, on: Partial<BucketRecord> = {}, principal = owner) =>
    newObjectSpec(storage.deps, principal, { ...bucket, ...on }, headers(plain));
  return { ...storage, bucket, spec };
}

const customerKey = randomBytes(32);
const sseC = {
  'x-amz-server-side-encryption-customer-algorithm': 'AES256',
  'x-amz-server-side-encryption-customer-key': customerKey.toString('base64'),
  'x-amz-server-side-encryption-customer-key-md5': createHash('md5').update(customerKey).digest('base64'),
};

describe('newObjectSpec: content headers and user metadata', () => {
  it("gives a request without headers S3's defaults: binary/octet-stream, no metadata, no tags, the writer's private ACL", async () => {
    const { spec } = await setUp();
    const { owner: objectOwner, fields, cipher } = await spec({});
    expect(fields.contentHeaders).toEqual({ 'content-type': 'binary/octet-stream' });
    expect(fields.userMetadata).toEqual({});
    expect(fields.tags).toBeUndefined();
    expect(fields.encryption).toBeUndefined();
    expect(fields.lock).toBeUndefined();
    expect(cipher).toBeUndefined();
    expect(objectOwner).toEqual({ id: 'alice', displayName: 'alice-name' });
    expect(fields.acl).toEqual([
      { grantee: { type: 'CanonicalUser', id: 'alice', displayName: 'alice-name' }, permission: 'FULL_CONTROL' },
    ]);
  });

  it('keeps the content headers and x-amz-meta-* given, without the aws-chunked framing', async () => {
    const { spec } = await setUp();
    const { fields } = await spec({
      'content-type': 'image/png',
      'cache-control': 'max-age=60',
      'content-encoding': 'aws-chunked,gzip',
      'x-amz-meta-camera': 'X100',
      'x-amz-meta-taken': '2026-02-01',
      'x-amz-storage-class': 'STANDARD',
    });
    expect(fields.contentHeaders).toEqual({
      'content-type': 'image/png',
      'cache-control': 'max-age=60',
      'content-encoding': 'gzip',
    });
    expect(fields.userMetadata).toEqual({ camera: 'X100', taken: '2026-02-01' });
  });

  it('refuses user metadata over 2 KB (MetadataTooLarge) before any blob is written', async () => {
    const { deps, blobs, spec } = await setUp();
    const tooLarge = { 'x-amz-meta-big': 'x'.repeat(2048 - 'big'.length + 1) };
    expect((await refusal(spec(tooLarge))).code).toBe('MetadataTooLarge');
    await expect(spec({ 'x-amz-meta-big': 'x'.repeat(2048 - 'big'.length) })).resolves.toBeDefined();
    expect((await refusal(put(deps, owner, 'photos', 'k', 'bytes', tooLarge))).code).toBe('MetadataTooLarge');
    expect(blobs.blobs.size).toBe(0);
  });
});

describe('newObjectSpec: tags', () => {
  it('reads x-amz-tagging as a query string, sorted by key; tags given elsewhere (POST Object) win', async () => {
    const { spec, deps, bucket } = await setUp();
    expect((await spec({ 'x-amz-tagging': 'z=1&a=two%20words&empty' })).fields.tags).toEqual([
      { key: 'a', value: 'two words' },
      { key: 'empty', value: '' },
      { key: 'z', value: '1' },
    ]);
    const given = await newObjectSpec(deps, owner, bucket, headers({ 'x-amz-tagging': 'a=1' }), [{ key: 'form', value: 'f' }]);
    expect(given.fields.tags).toEqual([{ key: 'form', value: 'f' }]);
  });

  it('refuses bad tag sets with InvalidTag', async () => {
    const { spec } = await setUp();
    const eleven = Array.from({ length: 11 }, (_, i) => `k${i}=v`).join('&');
    for (const bad of [eleven, 'aws:reserved=1', 'same=1&same=2', `${'k'.repeat(129)}=v`]) {
      expect((await refusal(spec({ 'x-amz-tagging': bad }))).code).toBe('InvalidTag');
    }
  });
});

describe('newObjectSpec: ACL and ownership', () => {
  it('turns a canned ACL and grant headers into grants; e-mail grantees become canonical ids, unknown ones are refused', async () => {
    const { spec } = await setUp();
    const publicRead = await spec({ 'x-amz-acl': 'public-read' });
    expect(publicRead.fields.acl).toContainEqual({ grantee: { type: 'Group', uri: ALL_USERS }, permission: 'READ' });
    const granted = await spec({ 'x-amz-grant-read': 'emailAddress="bob@example.com"' });
    expect(granted.fields.acl).toEqual([
      { grantee: { type: 'CanonicalUser', id: 'bob', displayName: 'bob-name' }, permission: 'READ' },
    ]);
    expect((await refusal(spec({ 'x-amz-grant-read': 'emailAddress="nobody@example.com"' }))).code).toBe(
      'UnresolvableGrantByEmailAddress',
    );
    expect((await refusal(spec({ 'x-amz-grant-read': 'id="nobody"' }))).code).toBe('InvalidArgument');
  });

  it('refuses a public ACL where the bucket blocks public ACLs (AccessDenied), and allows a private one', async () => {
    const { spec } = await setUp();
    const blocking = { publicAccessBlock: { BlockPublicAcls: true } } as Partial<BucketRecord>;
    expect((await refusal(spec({ 'x-amz-acl': 'public-read' }, blocking))).code).toBe('AccessDenied');
    await expect(spec({ 'x-amz-acl': 'private' }, blocking)).resolves.toBeDefined();
  });

  it("gives the bucket owner another writer's object under BucketOwnerEnforced (ACLs refused) and BucketOwnerPreferred", async () => {
    const { spec } = await setUp();
    const writer = signedBy(bob);
    const enforced = await spec({}, { ownership: 'BucketOwnerEnforced' }, writer);
    expect(enforced.owner.id).toBe('alice');
    expect(enforced.fields.acl).toEqual([
      { grantee: { type: 'CanonicalUser', id: 'alice', displayName: 'alice-name' }, permission: 'FULL_CONTROL' },
    ]);
    expect((await refusal(spec({ 'x-amz-acl': 'public-read' }, { ownership: 'BucketOwnerEnforced' }, writer))).code).toBe(
      'AccessControlListNotSupported',
    );
    const full = { 'x-amz-acl': 'bucket-owner-full-control' };
    expect((await spec(full, { ownership: 'BucketOwnerPreferred' }, writer)).owner.id).toBe('alice');
    expect((await spec(full, { ownership: 'ObjectWriter' }, writer)).owner.id).toBe('bob');
    expect((await spec({}, { ownership: 'BucketOwnerPreferred' }, writer)).owner.id).toBe('bob');
  });
});

describe('newObjectSpec: server-side encryption', () => {
  it('seals SSE-S3 and SSE-KMS with a fresh data key whose cipher reads back what it wrote', async () => {
    const { spec } = await setUp();
    const s3 = await spec({ 'x-amz-server-side-encryption': 'AES256' });
    expect(s3.fields.encryption).toMatchObject({ algorithm: 'AES256', wrappedKey: expect.any(String) });
    const kms = await spec({
      'x-amz-server-side-encryption': 'aws:kms',
      'x-amz-server-side-encryption-aws-kms-key-id': 'testkey-1',
    });
    expect(kms.fields.encryption).toMatchObject({ algorithm: 'aws:kms', kmsKeyId: 'testkey-1' });
    const plain = Buffer.from('secret bytes');
    const sealed = kms.cipher!.crypt('blob-1', 0, plain);
    expect(sealed.equals(plain)).toBe(false);
    expect(kms.cipher!.crypt('blob-1', 0, sealed).toString()).toBe('secret bytes');
  });

  it("applies the bucket's default encryption when the request names none, and the request's over it", async () => {
    const { spec } = await setUp();
    const withDefault = { encryption: { algorithm: 'aws:kms', kmsKeyId: 'testkey-1' } } as Partial<BucketRecord>;
    expect((await spec({}, withDefault)).fields.encryption).toMatchObject({ algorithm: 'aws:kms', kmsKeyId: 'testkey-1' });
    expect((await spec({ 'x-amz-server-side-encryption': 'AES256' }, withDefault)).fields.encryption?.algorithm).toBe('AES256');
    // aws:kms without a key id takes the bucket's default key; without one it is refused.
    expect((await spec({ 'x-amz-server-side-encryption': 'aws:kms' }, withDefault)).fields.encryption).toMatchObject({
      kmsKeyId: 'testkey-1',
    });
    expect((await refusal(spec({ 'x-amz-server-side-encryption': 'aws:kms' }))).code).toBe('InvalidArgument');
  });

  it('refuses an unknown KMS key and an unknown algorithm', async () => {
    const { spec } = await setUp();
    const unknownKey = { 'x-amz-server-side-encryption': 'aws:kms', 'x-amz-server-side-encryption-aws-kms-key-id': 'nokey' };
    expect((await refusal(spec(unknownKey))).code).toBe('KMS.NotFoundException');
    expect((await refusal(spec({ 'x-amz-server-side-encryption': 'DES' }))).code).toBe('InvalidArgument');
  });

  it('keeps of an SSE-C key only its MD5 and a salted HMAC, never the key', async () => {
    const { spec } = await setUp();
    const { fields, cipher } = await spec(sseC);
    expect(fields.encryption).toMatchObject({
      algorithm: 'SSE-C',
      customerKeyMd5: sseC['x-amz-server-side-encryption-customer-key-md5'],
    });
    expect(cipher).toBeDefined();
    const stored = JSON.stringify(fields);
    expect(stored).not.toContain(customerKey.toString('base64'));
    expect(stored).not.toContain(customerKey.toString('hex'));
    const wrongMd5 = { ...sseC, 'x-amz-server-side-encryption-customer-key-md5': createHash('md5').update('x').digest('base64') };
    expect((await refusal(spec(wrongMd5))).code).toBe('InvalidArgument');
  });
});

describe('newObjectSpec: object lock', () => {
  it('refuses lock headers on a bucket without object lock', async () => {
    const { spec } = await setUp();
    expect((await refusal(spec({ 'x-amz-object-lock-legal-hold': 'ON' }))).code).toBe('InvalidRequest');
  });

  it('takes retention (mode and future date together) and legal hold on a lock bucket', async () => {
    const { spec, deps } = await setUp();
    await bucketOf(deps, owner, 'vault', { 'x-amz-bucket-object-lock-enabled': 'true' });
    const vault = (await deps.buckets.get('vault'))!;
    const inVault = (plain: Record<string, string>) => newObjectSpec(deps, owner, vault, headers(plain));
    const until = new Date(deps.now().getTime() + 86_400_000).toISOString();
    const { fields } = await inVault({
      'x-amz-object-lock-mode': 'GOVERNANCE',
      'x-amz-object-lock-retain-until-date': until,
      'x-amz-object-lock-legal-hold': 'ON',
    });
    expect(fields.lock).toEqual({ retention: { mode: 'GOVERNANCE', retainUntil: until }, legalHold: 'ON' });
    expect((await refusal(inVault({ 'x-amz-object-lock-mode': 'GOVERNANCE' }))).code).toBe('InvalidArgument');
    const past = new Date(deps.now().getTime() - 1000).toISOString();
    const pastRetention = { 'x-amz-object-lock-mode': 'COMPLIANCE', 'x-amz-object-lock-retain-until-date': past };
    expect((await refusal(inVault(pastRetention))).message).toBe('The retain until date must be in the future.');
    expect((await refusal(inVault({ 'x-amz-object-lock-legal-hold': 'MAYBE' }))).code).toBe('InvalidArgument');
    expect(await spec({})).toBeDefined();
  });
});

describe('newObjectSpec through PutObject', () => {
  it('is what the stored object carries: headers, metadata, tags, ACL and encryption, and the bytes read back', async () => {
    const { deps, blobs } = await setUp();
    await put(deps, owner, 'photos', 'cat.png', 'meow', {
      'content-type': 'image/png',
      'x-amz-meta-camera': 'X100',
      'x-amz-tagging': 'kind=cat',
      'x-amz-server-side-encryption': 'AES256',
    });
    const { record, text } = await read(deps, owner, 'photos', 'cat.png');
    expect(text).toBe('meow');
    expect(record).toMatchObject({
      contentHeaders: { 'content-type': 'image/png' },
      userMetadata: { camera: 'X100' },
      tags: [{ key: 'kind', value: 'cat' }],
      encryption: { algorithm: 'AES256' },
      etag: createHash('md5').update('meow').digest('hex'),
    });
    // At rest the blob is ciphertext.
    expect(blobs.blobs.get(record.blobId)!.bytes.toString()).not.toBe('meow');
  });
});
