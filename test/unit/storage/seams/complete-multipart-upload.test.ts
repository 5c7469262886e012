import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cannedGrants } from '../../../../lib/storage/acl/canned-acl';
import { multipartEtag } from '../../../../lib/storage/model/multipart-rules';
import { abortMultipartUpload } from '../../../../lib/storage/multipart/abort-upload';
import { completeMultipartUpload } from '../../../../lib/storage/multipart/complete-upload';
import { createMultipartUpload } from '../../../../lib/storage/multipart/create-upload';
import { uploadPart } from '../../../../lib/storage/multipart/upload-part';
import { copyObject } from '../../../../lib/storage/objects/copy-object';
import { memoryStorage, signedBy, storageUser } from '../../../support/storage-memory/memory-storage-deps';
import { bucketOf, headers, put, read, refusal } from '../../../support/storage-memory/storage-calls';

const alice = signedBy(storageUser('alice'));
const bob = signedBy(storageUser('bob'));
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
/** Parts of at least 5 bytes but the last (the test stage's minimum part size). */
const BODIES = ['aaaaa', 'bbbbbb', 'cc'];

async function setUp(createHeaders: Record<string, string> = {}) {
  const storage = memoryStorage({ minPartBytes: 5 });
  const { deps } = storage;
  await bucketOf(deps, alice, 'uploads');
  const upload = await createMultipartUpload(deps, alice, { bucket: 'uploads', key: 'big', headers: headers(createHeaders) });
  const target = { bucket: 'uploads', key: 'big', uploadId: upload.uploadId };
  const sendPart = (partNumber: number, body: string) =>
    uploadPart(
      deps,
      alice,
      { ...target, partNumber: String(partNumber), headers: headers({ 'content-length': String(body.length) }) },
      Buffer.from(body),
    );
  for (const [index, body] of BODIES.entries()) await sendPart(index + 1, body);
  const complete = (
    numbers: number[],
    plain: Record<string, string> = {},
    as = alice,
    etags = numbers.map((n) => md5(BODIES[n - 1] ?? '')),
  ) =>
    completeMultipartUpload(deps, as, {
      ...target,
      parts: numbers.map((partNumber, i) => ({ partNumber, etag: `"${etags[i]}"` })),
      headers: headers(plain),
    });
  const upload_ = () => deps.uploads.get('uploads', 'big', upload.uploadId);
  return { ...storage, target, sendPart, complete, upload: upload_ };
}

describe('CompleteMultipartUpload', () => {
  it('assembles the parts in order into one object with the multipart ETag "-N" and what the create asked for', async () => {
    const { deps, blobs, complete, upload, state, target } = await setUp({
      'content-type': 'video/mp4',
      'x-amz-meta-reel': '7',
      'x-amz-tagging': 'stage=raw',
    });
    const { record, versioned } = await complete([1, 2, 3]);
    expect(versioned).toBe(false);
    expect(record.etag).toBe(multipartEtag(BODIES.map(md5)));
    expect(record.etag).toMatch(/^[0-9a-f]{32}-3$/);
    expect(record.size).toBe(13);
    const { text, record: stored } = await read(deps, alice, 'uploads', 'big');
    expect(text).toBe('aaaaabbbbbbcc');
    expect(stored).toMatchObject({
      contentHeaders: { 'content-type': 'video/mp4' },
      userMetadata: { reel: '7' },
      tags: [{ key: 'stage', value: 'raw' }],
      uploadId: target.uploadId,
    });
    // The upload and its part records are gone; the part blobs are the object's now, and no other blob is left.
    expect(await upload()).toBeUndefined();
    expect(state.parts.get(target.uploadId)).toBeUndefined();
    expect(new Set(blobs.blobs.keys())).toEqual(new Set(stored.parts!.map((part) => part.blobId)));
  });

  it('takes a subset of the parts (numbers ascending) and discards the blobs of the others', async () => {
    const { deps, blobs, complete } = await setUp();
    const { record } = await complete([1, 3]);
    expect(record.etag).toBe(multipartEtag([md5('aaaaa'), md5('cc')]));
    expect((await read(deps, alice, 'uploads', 'big')).text).toBe('aaaaacc');
    expect(record.parts?.map((part) => part.partNumber)).toEqual([undefined, 3]);
    expect(blobs.blobs.size).toBe(2);
  });

  it('refuses parts out of order, a missing part, a wrong ETag, a small part before the last and an empty list, and reopens the upload', async () => {
    const { complete, upload, sendPart, deps, blobs } = await setUp();
    await sendPart(4, 'dddddd');
    expect((await refusal(complete([2, 1]))).code).toBe('InvalidPartOrder');
    expect((await refusal(complete([1, 2, 1]))).code).toBe('InvalidPartOrder');
    const missing = await refusal(complete([1, 5]));
    expect([missing.code, missing.details.PartNumber]).toEqual(['InvalidPart', '5']);
    expect((await refusal(complete([1, 2], {}, alice, [md5('aaaaa'), md5('other')]))).code).toBe('InvalidPart');
    const small = await refusal(complete([1, 3, 4], {}, alice, [md5('aaaaa'), md5('cc'), md5('dddddd')]));
    expect([small.code, small.details.PartNumber, small.details.ProposedSize]).toEqual(['EntityTooSmall', '3', '2']);
    expect((await refusal(complete([]))).code).toBe('MalformedXML');
    // Nothing was written and nothing was lost: the upload is open with its four parts, and completes as asked.
    expect(await deps.objects.get('uploads', 'big')).toBeUndefined();
    expect((await upload())?.state).toBe('open');
    expect(blobs.blobs.size).toBe(4);
    expect((await complete([1, 2, 3])).record.size).toBe(13);
  });

  it('answers a second completion as the first (a retry after a lost answer), until the key holds another object', async () => {
    const { deps, complete } = await setUp();
    const first = await complete([1, 2, 3]);
    const again = await complete([1, 2, 3]);
    expect(again.record).toEqual(first.record);
    await put(deps, alice, 'uploads', 'big', 'overwritten');
    expect((await refusal(complete([1, 2, 3]))).code).toBe('NoSuchUpload');
  });

  it('lets one of two racing completions commit; no part, abort or completion gets in once the upload is gone', async () => {
    const { deps, complete, sendPart, target } = await setUp();
    const outcomes = await Promise.allSettled([complete([1, 2, 3]), complete([1, 2, 3])]);
    const done = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    expect(done.length).toBeGreaterThanOrEqual(1);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'NoSuchUpload' });
    }
    expect((await read(deps, alice, 'uploads', 'big')).text).toBe('aaaaabbbbbbcc');
    expect((await refusal(sendPart(4, 'late'))).code).toBe('NoSuchUpload');
    expect((await refusal(abortMultipartUpload(deps, alice, target))).code).toBe('NoSuchUpload');
  });

  it('holds If-None-Match: * against an object written meanwhile (412), keeping the upload for a retry', async () => {
    const { deps, complete, upload } = await setUp();
    await put(deps, alice, 'uploads', 'big', 'first writer');
    expect((await refusal(complete([1, 2, 3], { 'if-none-match': '*' }))).code).toBe('PreconditionFailed');
    expect((await read(deps, alice, 'uploads', 'big')).text).toBe('first writer');
    expect((await upload())?.state).toBe('open');
  });

  it('is refused to someone who may write to the bucket but neither initiated the upload nor owns the bucket', async () => {
    const { deps, complete, upload } = await setUp();
    const aliceOwner = { id: 'alice', displayName: 'alice-name' };
    await deps.buckets.update('uploads', { acl: cannedGrants('public-read-write', aliceOwner) });
    // Bob may write here (his own upload starts), but not complete Alice's.
    await createMultipartUpload(deps, bob, { bucket: 'uploads', key: 'bobs', headers: {} });
    expect((await refusal(complete([1, 2, 3], {}, bob))).code).toBe('AccessDenied');
    expect((await upload())?.state).toBe('open');
  });

  it('adds a version in a versioned bucket, and a copy of the result keeps the "-N" ETag and the bytes', async () => {
    const { deps, complete } = await setUp();
    await deps.buckets.update('uploads', { versioning: 'Enabled' });
    const { record, versioned } = await complete([1, 2, 3]);
    expect(versioned).toBe(true);
    expect(record.versionId).not.toBe('null');
    const copy = await copyObject(deps, alice, { bucket: 'uploads', key: 'copy', copySource: '/uploads/big', headers: {} });
    expect(copy.record.etag).toBe(record.etag);
    expect(copy.record.parts?.map((part) => part.blobId)).not.toContain(record.parts![0]!.blobId);
    expect((await read(deps, alice, 'uploads', 'copy')).text).toBe('aaaaabbbbbbcc');
  });
});
