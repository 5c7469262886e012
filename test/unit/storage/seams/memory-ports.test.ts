import { describe, expect, it } from 'vitest';
import type { MultipartUpload } from '../../../../lib/storage/model/multipart-upload';
import type { ObjectRecord } from '../../../../lib/storage/model/object-record';
import type { ObjectVersion } from '../../../../lib/storage/model/object-version';
import { memoryStorage, signedBy, storageUser } from '../../../support/storage-memory/memory-storage-deps';
import { bucketOf, put, read } from '../../../support/storage-memory/storage-calls';

const alice = signedBy(storageUser('alice'));

const record = (blobId: string, bucket = 'box'): ObjectRecord => ({
  bucket,
  key: 'k',
  blobId,
  size: 1,
  etag: 'e',
  lastModified: '2026-03-01T12:00:00.000Z',
  ownerId: 'alice',
  ownerDisplayName: 'alice-name',
  contentHeaders: {},
  userMetadata: {},
  versionId: 'null',
});

/** The in-memory ports refuse what the DynamoDB adapters' conditions refuse, so the use cases' retries are exercised. */
describe('in-memory storage ports (test/support/storage-memory)', () => {
  it('commit an object only over the blob read, into a live unversioned bucket', async () => {
    const { deps } = memoryStorage();
    expect(await deps.objects.commit(record('one'), undefined)).toBe('no-bucket');
    await bucketOf(deps, alice, 'box');
    expect(await deps.objects.commit(record('one'), undefined)).toBe('committed');
    expect(await deps.objects.commit(record('two'), undefined)).toBe('conflict');
    expect(await deps.objects.commit(record('two'), 'stale')).toBe('conflict');
    expect(await deps.objects.commit(record('two'), 'one')).toBe('committed');
    await deps.buckets.update('box', { versioning: 'Enabled' });
    expect(await deps.objects.commit(record('three'), 'two')).toBe('no-bucket');
    expect((await deps.objects.get('box', 'k'))?.blobId).toBe('two');
  });

  it('hand out copies: changing what was read changes nothing stored', async () => {
    const { deps } = memoryStorage();
    await bucketOf(deps, alice, 'box');
    await deps.objects.commit(record('one'), undefined);
    const got = (await deps.objects.get('box', 'k'))!;
    got.userMetadata.changed = 'yes';
    expect((await deps.objects.get('box', 'k'))!.userMetadata).toEqual({});
  });

  it('apply a version change all or nothing, on the head revision read', async () => {
    const { deps } = memoryStorage();
    await bucketOf(deps, alice, 'box');
    const version = (seq: string): ObjectVersion => ({ ...record(`blob-${seq}`), seq, versionId: seq, deleteMarker: false });
    const change = (seq: string, expected?: number) => ({
      bucket: 'box',
      key: 'k',
      ...(expected === undefined ? {} : { expectedHead: { latestSeq: 'x', revision: expected } }),
      head: { latestSeq: seq, revision: (expected ?? 0) + 1 },
      put: [version(seq)],
      remove: [],
      current: version(seq),
    });
    expect(await deps.versions.apply(change('s1'))).toBe('no-bucket');
    await deps.buckets.update('box', { versioning: 'Enabled' });
    expect(await deps.versions.apply(change('s1'))).toBe('committed');
    expect(await deps.versions.apply(change('s2'))).toBe('conflict');
    expect(await deps.versions.apply(change('s2', 7))).toBe('conflict');
    expect(await deps.versions.get('box', 'k', 's2')).toBeUndefined();
    expect(await deps.versions.apply(change('s2', 1))).toBe('committed');
    expect((await deps.versions.head('box', 'k'))?.latestSeq).toBe('s2');
    // The current item a versioned write leaves is marked: the unversioned paths never touch it.
    expect(await deps.objects.remove('box', 'k')).toBe('versioned');
  });

  it('take parts only while the upload is open, over the part read', async () => {
    const { deps } = memoryStorage();
    await bucketOf(deps, alice, 'box');
    const upload = { bucket: 'box', key: 'k', uploadId: 'u1', state: 'open' } as MultipartUpload;
    await deps.uploads.create(upload);
    const part = { uploadId: 'u1', partNumber: 1, blobId: 'p1', size: 1, etag: 'e', lastModified: '2026-03-01T12:00:01.000Z' };
    expect(await deps.uploads.putPart(upload, part, undefined)).toBe('committed');
    expect(await deps.uploads.putPart(upload, { ...part, blobId: 'p2' }, undefined)).toBe('conflict');
    expect(await deps.uploads.setState(upload, 'completing', 'open')).toBe(false);
    expect(await deps.uploads.setState(upload, 'open', 'completing')).toBe(true);
    expect(await deps.uploads.putPart(upload, { ...part, blobId: 'p2' }, 'p1')).toBe('no-upload');
    expect(await deps.uploads.remove(upload, 'open')).toBe(false);
    expect(await deps.uploads.remove(upload)).toBe(true);
  });

  it('let 20 parallel PUTs of one key race through the real commit: one object stays, and only its blob', async () => {
    const { deps, blobs } = memoryStorage();
    await bucketOf(deps, alice, 'box');
    await Promise.all(Array.from({ length: 20 }, (_, i) => put(deps, alice, 'box', 'k', `body ${i}`)));
    const { record: winner, text } = await read(deps, alice, 'box', 'k');
    expect(text).toMatch(/^body \d+$/);
    expect([...blobs.blobs.keys()]).toEqual([winner.blobId]);
  });
});
