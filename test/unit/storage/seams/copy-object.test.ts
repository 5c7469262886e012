import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { computeChecksum } from '../../../../lib/storage/model/checksum-algorithms';
import { copyObject } from '../../../../lib/storage/objects/copy-object';
import { deleteObject } from '../../../../lib/storage/objects/delete-object';
import { putObject } from '../../../../lib/storage/objects/put-object';
import { memoryStorage, signedBy, storageUser } from '../../../support/storage-memory/memory-storage-deps';
import { bucketOf, headers, put, read, refusal } from '../../../support/storage-memory/storage-calls';

const alice = signedBy(storageUser('alice'));
const bob = signedBy(storageUser('bob'));
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

async function setUp() {
  const storage = memoryStorage({ users: [storageUser('alice'), storageUser('bob')] });
  const { deps } = storage;
  await bucketOf(deps, alice, 'src');
  await bucketOf(deps, alice, 'dst');
  await put(deps, alice, 'src', 'a.txt', 'original', {
    'content-type': 'text/plain',
    'x-amz-meta-origin': 'camera',
    'x-amz-tagging': 'kind=raw',
    'x-amz-acl': 'public-read',
  });
  const copy = (copySource: string, plain: Record<string, string> = {}, target = { bucket: 'dst', key: 'b.txt' }, as = alice) =>
    copyObject(deps, as, { ...target, copySource, headers: headers(plain) });
  return { ...storage, copy };
}

describe('CopyObject: metadata directive', () => {
  it("COPY (the default) keeps the source's content headers, metadata and tags, whatever the request says", async () => {
    const { deps, copy } = await setUp();
    await copy('/src/a.txt', { 'content-type': 'image/png', 'x-amz-meta-origin': 'ignored' });
    const { record, text } = await read(deps, alice, 'dst', 'b.txt');
    expect(text).toBe('original');
    expect(record.etag).toBe(md5('original'));
    expect(record.contentHeaders).toEqual({ 'content-type': 'text/plain' });
    expect(record.userMetadata).toEqual({ origin: 'camera' });
    expect(record.tags).toEqual([{ key: 'kind', value: 'raw' }]);
  });

  it("REPLACE takes the request's (S3's default content type when it names none); tags follow their own directive", async () => {
    const { deps, copy } = await setUp();
    await copy('src/a.txt', {
      'x-amz-metadata-directive': 'replace',
      'x-amz-meta-edited': 'yes',
      'x-amz-tagging-directive': 'REPLACE',
      'x-amz-tagging': 'kind=edited',
    });
    const { record } = await read(deps, alice, 'dst', 'b.txt');
    expect(record.contentHeaders).toEqual({ 'content-type': 'binary/octet-stream' });
    expect(record.userMetadata).toEqual({ edited: 'yes' });
    expect(record.tags).toEqual([{ key: 'kind', value: 'edited' }]);
  });

  it('refuses an unknown directive and a malformed copy source with InvalidArgument, writing nothing', async () => {
    const { copy, blobs } = await setUp();
    const before = blobs.blobs.size;
    expect((await refusal(copy('/src/a.txt', { 'x-amz-metadata-directive': 'MERGE' }))).code).toBe('InvalidArgument');
    expect((await refusal(copy('/src/a.txt', { 'x-amz-tagging-directive': 'MERGE' }))).code).toBe('InvalidArgument');
    for (const bad of ['/src', 'src/', '/%E0%A4%A', '/'])
      expect([bad, (await refusal(copy(bad))).code]).toEqual([bad, 'InvalidArgument']);
    expect(blobs.blobs.size).toBe(before);
  });
});

describe('CopyObject: what the copy is', () => {
  it('owns its bytes: the source replaced or deleted leaves the copy whole', async () => {
    const { deps, copy } = await setUp();
    const { record } = await copy('/src/a.txt');
    const source = await deps.objects.get('src', 'a.txt');
    expect(record.blobId).not.toBe(source!.blobId);
    await put(deps, alice, 'src', 'a.txt', 'replaced');
    await deleteObject(deps, alice, 'src', 'a.txt');
    expect((await read(deps, alice, 'dst', 'b.txt')).text).toBe('original');
  });

  it("takes the request's protection, never the source's: a private ACL unless asked, the requested encryption", async () => {
    const { deps, copy, blobs } = await setUp();
    const { record } = await copy('/src/a.txt', { 'x-amz-server-side-encryption': 'AES256' });
    expect(record.acl).toEqual([
      { grantee: { type: 'CanonicalUser', id: 'alice', displayName: 'alice-name' }, permission: 'FULL_CONTROL' },
    ]);
    expect(record.encryption?.algorithm).toBe('AES256');
    expect(blobs.blobs.get(record.blobId)!.bytes.toString()).not.toBe('original');
    expect((await read(deps, alice, 'dst', 'b.txt')).text).toBe('original');
  });

  it("keeps the source's checksum, or computes the one x-amz-checksum-algorithm names", async () => {
    const { deps, copy } = await setUp();
    const bytes = Buffer.from('summed');
    const checksum = { algorithm: 'sha256' as const, value: computeChecksum('sha256', bytes) };
    await putObject(deps, alice, {
      bucket: 'src',
      key: 'summed',
      body: bytes,
      headers: headers({ 'content-length': String(bytes.length) }),
      checksum,
    });
    expect((await copy('/src/summed')).record.checksum).toEqual(checksum);
    const recomputed = await copy('/src/summed', { 'x-amz-checksum-algorithm': 'CRC32' }, { bucket: 'dst', key: 'crc' });
    expect(recomputed.record.checksum).toEqual({ algorithm: 'crc32', value: computeChecksum('crc32', bytes) });
  });

  it('needs READ on the source: another user copying a private object is refused (AccessDenied)', async () => {
    const { deps, copy } = await setUp();
    await bucketOf(deps, bob, 'bobs');
    await put(deps, alice, 'src', 'private', 'mine');
    expect((await refusal(copy('/src/private', {}, { bucket: 'bobs', key: 'stolen' }, bob))).code).toBe('AccessDenied');
    // The public-read source is readable by anyone signed.
    await copy('/src/a.txt', {}, { bucket: 'bobs', key: 'shared' }, bob);
    expect((await read(deps, bob, 'bobs', 'shared')).record.ownerId).toBe('bob');
    expect((await refusal(copy('/nowhere/a.txt'))).code).toBe('NoSuchBucket');
    expect((await refusal(copy('/src/missing'))).code).toBe('NoSuchKey');
  });
});

describe('CopyObject onto itself', () => {
  it('is refused without a change, as S3 refuses it (InvalidRequest), and allowed with REPLACE or new encryption', async () => {
    const { deps, copy } = await setUp();
    const self = { bucket: 'src', key: 'a.txt' };
    const refused = await refusal(copy('/src/a.txt', {}, self));
    expect(refused.code).toBe('InvalidRequest');
    expect(refused.message).toMatch(/copy an object to itself without changing the object's metadata/);
    await copy('/src/a.txt', { 'x-amz-metadata-directive': 'REPLACE', 'content-type': 'text/markdown' }, self);
    expect((await read(deps, alice, 'src', 'a.txt')).record.contentHeaders['content-type']).toBe('text/markdown');
    await copy('/src/a.txt', { 'x-amz-server-side-encryption': 'AES256' }, self);
    const { record, text } = await read(deps, alice, 'src', 'a.txt');
    expect([record.encryption?.algorithm, text]).toEqual(['AES256', 'original']);
  });
});

describe('CopyObject from a version', () => {
  it('copies the version named, reports it, and refuses a delete marker or an unknown version', async () => {
    const { deps, copy } = await setUp();
    await bucketOf(deps, alice, 'history');
    await deps.buckets.update('history', { versioning: 'Enabled' });
    const first = await put(deps, alice, 'history', 'doc', 'v1');
    await put(deps, alice, 'history', 'doc', 'v2');
    const v1 = first.record.versionId;
    const copied = await copy(`/history/doc?versionId=${v1}`);
    expect(copied.sourceVersionId).toBe(v1);
    expect((await read(deps, alice, 'dst', 'b.txt')).text).toBe('v1');
    // Copying an older version onto its own key is a change: it becomes the latest.
    await copy(`/history/doc?versionId=${v1}`, {}, { bucket: 'history', key: 'doc' });
    expect((await read(deps, alice, 'history', 'doc')).text).toBe('v1');
    const marker = await deleteObject(deps, alice, 'history', 'doc');
    expect((await refusal(copy(`/history/doc?versionId=${marker.versionId}`))).message).toBe(
      'The source of a copy request may not specifically refer to a delete marker by version id.',
    );
    expect((await refusal(copy('/history/doc'))).code).toBe('NoSuchKey');
    expect((await refusal(copy(`/history/doc?versionId=${'9'.repeat(v1.length)}`))).code).toBe('NoSuchVersion');
    // An unversioned source reports no version.
    expect((await copy('/src/a.txt')).sourceVersionId).toBeUndefined();
  });
});

describe('CopyObject: x-amz-copy-source-if-*', () => {
  it('copies only when every condition holds, else 412 PreconditionFailed and nothing written', async () => {
    const { deps, copy, advance } = await setUp();
    const etag = `"${md5('original')}"`;
    const past = new Date(deps.now().getTime() - 3_600_000).toUTCString();
    advance(1000);
    const future = new Date(deps.now().getTime() + 3_600_000).toUTCString();
    const failing: Record<string, string>[] = [
      { 'x-amz-copy-source-if-match': '"0123"' },
      { 'x-amz-copy-source-if-none-match': etag },
      { 'x-amz-copy-source-if-unmodified-since': past },
      { 'x-amz-copy-source-if-modified-since': future },
    ];
    for (const condition of failing) {
      expect((await refusal(copy('/src/a.txt', condition))).code).toBe('PreconditionFailed');
    }
    expect(await deps.objects.get('dst', 'b.txt')).toBeUndefined();
    await copy('/src/a.txt', { 'x-amz-copy-source-if-match': etag, 'x-amz-copy-source-if-modified-since': past });
    expect((await read(deps, alice, 'dst', 'b.txt')).text).toBe('original');
  });
});
