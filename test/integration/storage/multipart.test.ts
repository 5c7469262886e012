import { execFile } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectAclCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  ListPartsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
  UploadPartCopyCommand,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphanBlobs } from '../../../lib/storage/maintenance/sweep-orphan-blobs';
import { MAX_MANIFEST_PARTS } from '../../../lib/storage/model/multipart-rules';
import { DEFAULT_UPLOAD_EXPIRY_DAYS, expireIdleUploads } from '../../../lib/storage/multipart/expire-uploads';
import { ObjectRepository } from '../../../lib/storage/store/object-repository';
import { S3BlobStore } from '../../../lib/storage/store/s3-blob-store';
import { UploadRepository } from '../../../lib/storage/store/upload-repository';
import { VersionRepository } from '../../../lib/storage/store/version-repository';
import { awsCli, s3cmd } from '../../support/cli-clients';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, s3ErrorName, sdkClient, uniqueBucket } from '../../support/storage-clients';

const { stage } = testStack();
const MiB = 1024 * 1024;
const uploads = new UploadRepository(stage.clients.documents, stage.names.storageTable);
const objects = new ObjectRepository(stage.clients.documents, stage.names.storageTable);
const blobStore = new S3BlobStore(stage.clients.s3, stage.names.blobBucket);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest();
const multipartEtag = (parts: Buffer[]) =>
  `"${createHash('md5')
    .update(Buffer.concat(parts.map(md5)))
    .digest('hex')}-${parts.length}"`;
const blobExists = async (blobId: string) => (await blobStore.get(blobId, { start: 0, end: 0 })) !== undefined;

let owner: StorageCredentials;
let s3: S3Client;

beforeAll(async () => {
  owner = await newStorageUser('mpu');
  s3 = sdkClient(owner);
});

async function newBucket(label: string): Promise<string> {
  const bucket = uniqueBucket(label);
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  return bucket;
}

/** Uploads `parts` as one multipart upload; returns the upload id and the parts' ETags. */
async function uploadParts(client: S3Client, bucket: string, key: string, parts: Buffer[], extra: object = {}) {
  const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key, ...extra }));
  const etags: string[] = [];
  for (const [index, body] of parts.entries()) {
    const { ETag } = await client.send(
      new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: index + 1, Body: body }),
    );
    etags.push(ETag!);
  }
  return { uploadId: UploadId!, etags };
}

const completion = (etags: string[], numbers = etags.map((_, i) => i + 1)) => ({
  Parts: numbers.map((PartNumber) => ({ PartNumber, ETag: etags[PartNumber - 1] })),
});

async function read(bucket: string, key: string, extra: object = {}) {
  const response = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key, ...extra }));
  return { response, bytes: Buffer.from(await response.Body!.transformToByteArray()) };
}

describe('multipart uploads (SDK v3 against the real emulators)', () => {
  it('creates, uploads, lists, completes a manifest object: byte-exact GET, ranges across parts, partNumber, metadata and ACL', async () => {
    const bucket = await newBucket('mpu-basic');
    const parts = [randomBytes(5 * MiB), randomBytes(5 * MiB), randomBytes(123_457)];
    const { uploadId, etags } = await uploadParts(s3, bucket, 'big/file.bin', parts, {
      ContentType: 'application/x-test',
      Metadata: { origin: 'mpu' },
      ACL: 'public-read',
    });
    expect(etags).toEqual(parts.map((part) => `"${md5(part).toString('hex')}"`));

    const listed = await s3.send(new ListPartsCommand({ Bucket: bucket, Key: 'big/file.bin', UploadId: uploadId, MaxParts: 2 }));
    expect(listed.Parts?.map((part) => [part.PartNumber, part.Size, part.ETag])).toEqual([
      [1, 5 * MiB, etags[0]],
      [2, 5 * MiB, etags[1]],
    ]);
    expect([listed.IsTruncated, listed.NextPartNumberMarker]).toEqual([true, '2']);
    const rest = await s3.send(
      new ListPartsCommand({ Bucket: bucket, Key: 'big/file.bin', UploadId: uploadId, PartNumberMarker: '2' }),
    );
    expect([rest.Parts?.map((part) => part.PartNumber), rest.IsTruncated]).toEqual([[3], false]);

    const done = await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'big/file.bin',
        UploadId: uploadId,
        MultipartUpload: completion(etags),
      }),
    );
    expect(done.ETag).toBe(multipartEtag(parts));
    expect([done.Bucket, done.Key]).toEqual([bucket, 'big/file.bin']);

    const whole = Buffer.concat(parts);
    const full = await read(bucket, 'big/file.bin');
    expect(sha256(full.bytes)).toBe(sha256(whole));
    expect(full.response.ETag).toBe(multipartEtag(parts));
    expect(full.response.ContentType).toBe('application/x-test');
    expect(full.response.Metadata).toEqual({ origin: 'mpu' });
    expect(full.response.PartsCount).toBeUndefined();
    const acl = await s3.send(new GetObjectAclCommand({ Bucket: bucket, Key: 'big/file.bin' }));
    expect(acl.Grants?.map((grant) => grant.Permission).sort()).toEqual(['FULL_CONTROL', 'READ']);

    // Ranges across part boundaries, byte-exact.
    for (const [start, end] of [
      [5 * MiB - 10, 5 * MiB + 9],
      [3, 10 * MiB + 5],
      [10 * MiB, 10 * MiB + 123_456],
    ] as const) {
      const ranged = await read(bucket, 'big/file.bin', { Range: `bytes=${start}-${end}` });
      expect(ranged.bytes.equals(whole.subarray(start, end + 1))).toBe(true);
      expect(ranged.response.ContentRange).toBe(`bytes ${start}-${end}/${whole.length}`);
    }

    const second = await read(bucket, 'big/file.bin', { PartNumber: 2 });
    expect(second.bytes.equals(parts[1]!)).toBe(true);
    expect([second.response.ContentRange, second.response.PartsCount]).toEqual([
      `bytes ${5 * MiB}-${10 * MiB - 1}/${whole.length}`,
      3,
    ]);
    const head = await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 'big/file.bin', PartNumber: 3 }));
    expect([head.ContentLength, head.PartsCount, head.ETag]).toEqual([123_457, 3, multipartEtag(parts)]);
    expect(await s3ErrorName(s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'big/file.bin', PartNumber: 4 })))).toBe(
      'InvalidPart',
    );
    // A plain object: part 1 is all of it.
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'plain', Body: 'plain bytes' }));
    const plain = await read(bucket, 'plain', { PartNumber: 1 });
    expect([plain.bytes.toString(), plain.response.PartsCount]).toEqual(['plain bytes', undefined]);

    // The upload is gone: NoSuchUpload for everything that names it.
    expect(await s3ErrorName(s3.send(new ListPartsCommand({ Bucket: bucket, Key: 'big/file.bin', UploadId: uploadId })))).toBe(
      'NoSuchUpload',
    );
    expect((await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket }))).Uploads ?? []).toEqual([]);
  });

  it('copies manifest objects and parts (UploadPartCopy with ranges), and removes every part blob with the object', async () => {
    const bucket = await newBucket('mpu-copy');
    const parts = [randomBytes(5 * MiB), randomBytes(1000)];
    const { uploadId, etags } = await uploadParts(s3, bucket, 'src', parts);
    await s3.send(
      new CompleteMultipartUploadCommand({ Bucket: bucket, Key: 'src', UploadId: uploadId, MultipartUpload: completion(etags) }),
    );
    const whole = Buffer.concat(parts);
    const source = await objects.get(bucket, 'src');
    expect(source?.parts?.length).toBe(2);

    await s3.send(new CopyObjectCommand({ Bucket: bucket, Key: 'copy', CopySource: `${bucket}/src` }));
    const copyRecord = await objects.get(bucket, 'copy');
    expect(copyRecord?.parts?.map((part) => part.blobId)).not.toContain(source!.parts![0]!.blobId);

    // A new upload made of a plain part, a range of the manifest across its part boundary, and a whole manifest.
    const target = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'assembled' }));
    const copyPart = (PartNumber: number, extra: object) =>
      s3.send(
        new UploadPartCopyCommand({
          Bucket: bucket,
          Key: 'assembled',
          UploadId: target.UploadId,
          PartNumber,
          CopySource: `${bucket}/src`,
          ...extra,
        }),
      );
    const first = await copyPart(1, { CopySourceRange: `bytes=10-${5 * MiB + 9}` });
    const second = await copyPart(2, {});
    expect(first.CopyPartResult?.ETag).toBe(`"${md5(whole.subarray(10, 5 * MiB + 10)).toString('hex')}"`);
    expect(await s3ErrorName(copyPart(3, { CopySourceRange: `bytes=0-${whole.length}` }))).toBe('InvalidRange');
    expect(await s3ErrorName(copyPart(3, { CopySourceRange: 'bytes=5-1' }))).toBe('InvalidArgument');
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'assembled',
        UploadId: target.UploadId,
        MultipartUpload: {
          Parts: [
            { PartNumber: 1, ETag: first.CopyPartResult?.ETag },
            { PartNumber: 2, ETag: second.CopyPartResult?.ETag },
          ],
        },
      }),
    );
    const assembled = await read(bucket, 'assembled');
    expect(sha256(assembled.bytes)).toBe(sha256(Buffer.concat([whole.subarray(10, 5 * MiB + 10), whole])));

    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'src' }));
    for (const part of source!.parts!) expect(await blobExists(part.blobId)).toBe(false);
    expect(sha256((await read(bucket, 'copy')).bytes)).toBe(sha256(whole));
    // Replacing a manifest by a plain PUT removes all its part blobs too.
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'copy', Body: 'small' }));
    for (const part of copyRecord!.parts!) expect(await blobExists(part.blobId)).toBe(false);
  });

  it('as RGW: a repeated complete answers as the first, a re-sent part number counts once (the later entry), a 1-byte copy range', async () => {
    const bucket = await newBucket('mpu-rgw');
    const { uploadId, etags } = await uploadParts(s3, bucket, 'again', [randomBytes(5 * MiB), Buffer.from('tail')]);
    const complete = () =>
      s3.send(
        new CompleteMultipartUploadCommand({
          Bucket: bucket,
          Key: 'again',
          UploadId: uploadId,
          MultipartUpload: completion(etags),
        }),
      );
    const first = await complete();
    expect((await complete()).ETag).toBe(first.ETag);
    // Part 1 re-sent: the client lists it twice; the part as stored (the later upload) is assembled once.
    const resend = await uploadParts(s3, bucket, 'resend', [randomBytes(5 * MiB)]);
    const later = randomBytes(5 * MiB);
    const { ETag } = await s3.send(
      new UploadPartCommand({ Bucket: bucket, Key: 'resend', UploadId: resend.uploadId, PartNumber: 1, Body: later }),
    );
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'resend',
        UploadId: resend.uploadId,
        MultipartUpload: {
          Parts: [
            { PartNumber: 1, ETag: resend.etags[0] },
            { PartNumber: 1, ETag },
          ],
        },
      }),
    );
    expect((await read(bucket, 'resend')).bytes.equals(later)).toBe(true);
    // A copy range of one byte copies one byte (s3rver answers `bytes=0-0` with the whole blob: the store cuts it).
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'one' }));
    const copied = await s3.send(
      new UploadPartCopyCommand({
        Bucket: bucket,
        Key: 'one',
        UploadId,
        PartNumber: 1,
        CopySource: `${bucket}/resend`,
        CopySourceRange: 'bytes=0-0',
      }),
    );
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'one',
        UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: copied.CopyPartResult?.ETag }] },
      }),
    );
    expect((await read(bucket, 'one')).bytes).toEqual(later.subarray(0, 1));
  });

  it("answers each rule violation with S3's code, and leaves no blob behind an abort", async () => {
    const bucket = await newBucket('mpu-rules');
    const small = [randomBytes(1000), randomBytes(1000)];
    const { uploadId, etags } = await uploadParts(s3, bucket, 'k', small);
    const part = (PartNumber: number, extra: object = {}) =>
      s3.send(new UploadPartCommand({ Bucket: bucket, Key: 'k', UploadId: uploadId, PartNumber, Body: 'x', ...extra }));
    expect(await s3ErrorName(part(0))).toBe('InvalidArgument');
    expect(await s3ErrorName(part(10_001))).toBe('InvalidArgument');
    expect(await s3ErrorName(part(3, { ContentMD5: md5(Buffer.from('y')).toString('base64') }))).toBe('BadDigest');
    const complete = (parts: { PartNumber: number; ETag?: string }[], key = 'k', id = uploadId) =>
      s3.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId: id, MultipartUpload: { Parts: parts } }));
    // [part number, ETag] pairs as listed in the completion, and the code each list gets.
    const refusals: [[number, string | undefined][], string][] = [
      [
        [
          [1, etags[1]],
          [2, etags[1]],
        ],
        'InvalidPart',
      ],
      [
        [
          [1, etags[0]],
          [7, etags[1]],
        ],
        'InvalidPart',
      ],
      [
        [
          [2, etags[1]],
          [1, etags[0]],
        ],
        'InvalidPartOrder',
      ],
    ];
    for (const [listed, code] of refusals) {
      const parts = listed.map(([PartNumber, ETag]) => ({ PartNumber, ETag }));
      expect(await s3ErrorName(complete(parts))).toBe(code);
    }
    expect(await s3ErrorName(complete(completion(etags).Parts))).toBe('EntityTooSmall');
    expect(await s3ErrorName(complete(completion(etags).Parts, 'other-key'))).toBe('NoSuchUpload');
    expect(await s3ErrorName(complete(completion(etags).Parts, 'k', 'no-such-upload'))).toBe('NoSuchUpload');

    // Re-uploading a part number replaces it and removes the replaced blob.
    const before = await uploads.part(uploadId, 1);
    await s3.send(new UploadPartCommand({ Bucket: bucket, Key: 'k', UploadId: uploadId, PartNumber: 1, Body: 'again' }));
    expect(await blobExists(before!.blobId)).toBe(false);
    const blobIds = (await uploads.allParts(uploadId)).map((stored) => stored.blobId);
    expect(blobIds).toHaveLength(2);
    for (const blobId of blobIds) expect(await blobExists(blobId)).toBe(true);

    await s3.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: 'k', UploadId: uploadId }));
    for (const blobId of blobIds) expect(await blobExists(blobId)).toBe(false);
    expect(await uploads.allParts(uploadId)).toEqual([]);
    expect(await s3ErrorName(s3.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: 'k', UploadId: uploadId })))).toBe(
      'NoSuchUpload',
    );
    expect(await s3ErrorName(part(1))).toBe('NoSuchUpload');
    // A single small part is a valid upload (the last part has no minimum).
    const single = await uploadParts(s3, bucket, 'one', [Buffer.from('tiny')]);
    const done = await complete(completion(single.etags).Parts, 'one', single.uploadId);
    expect(done.ETag).toBe(multipartEtag([Buffer.from('tiny')]));
    expect((await read(bucket, 'one')).bytes.toString()).toBe('tiny');
  });

  it('lists uploads with prefix, delimiter, markers and max-uploads', async () => {
    const bucket = await newBucket('mpu-list');
    const ids: Record<string, string> = {};
    for (const key of ['a/1', 'a/2', 'b', 'b', 'c/d/e']) {
      const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
      ids[`${key}#${Object.keys(ids).filter((name) => name.startsWith(`${key}#`)).length}`] = UploadId!;
    }
    const all = await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
    expect(all.Uploads?.map((upload) => [upload.Key, upload.UploadId])).toEqual([
      ['a/1', ids['a/1#0']],
      ['a/2', ids['a/2#0']],
      ['b', ids['b#0']],
      ['b', ids['b#1']],
      ['c/d/e', ids['c/d/e#0']],
    ]);
    expect(all.Uploads?.[0]?.Initiator?.ID).toBe(owner.id);
    const rolled = await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket, Delimiter: '/' }));
    expect([rolled.Uploads?.map((upload) => upload.Key), rolled.CommonPrefixes?.map((p) => p.Prefix)]).toEqual([
      ['b', 'b'],
      ['a/', 'c/'],
    ]);
    const prefixed = await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket, Prefix: 'a/' }));
    expect(prefixed.Uploads?.map((upload) => upload.Key)).toEqual(['a/1', 'a/2']);
    const page = await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket, MaxUploads: 3 }));
    expect([page.IsTruncated, page.NextKeyMarker, page.NextUploadIdMarker]).toEqual([true, 'b', ids['b#0']]);
    const next = await s3.send(
      new ListMultipartUploadsCommand({ Bucket: bucket, KeyMarker: page.NextKeyMarker, UploadIdMarker: page.NextUploadIdMarker }),
    );
    expect(next.Uploads?.map((upload) => upload.UploadId)).toEqual([ids['b#1'], ids['c/d/e#0']]);
    const afterKey = await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket, KeyMarker: 'b' }));
    expect(afterKey.Uploads?.map((upload) => upload.Key)).toEqual(['c/d/e']);
  });

  it('enforces ACLs: bucket WRITE to create, initiator or bucket owner for parts, bucket READ to list uploads', async () => {
    const bucket = await newBucket('mpu-acl');
    const other = sdkClient(await newStorageUser('mpu-other'));
    expect(await s3ErrorName(other.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'x' })))).toBe('AccessDenied');
    expect(await s3ErrorName(other.send(new ListMultipartUploadsCommand({ Bucket: bucket })))).toBe('AccessDenied');
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'x' }));
    expect(
      await s3ErrorName(other.send(new UploadPartCommand({ Bucket: bucket, Key: 'x', UploadId, PartNumber: 1, Body: 'x' }))),
    ).toBe('AccessDenied');
    expect(await s3ErrorName(other.send(new AbortMultipartUploadCommand({ Bucket: bucket, Key: 'x', UploadId })))).toBe(
      'AccessDenied',
    );
  });

  it('completes into a new version in a versioned bucket; deleting that version removes its part blobs', async () => {
    const bucket = await newBucket('mpu-versioned');
    await s3.send(new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }));
    const put = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'v', Body: 'first' }));
    const parts = [randomBytes(5 * MiB), Buffer.from('tail')];
    const { uploadId, etags } = await uploadParts(s3, bucket, 'v', parts);
    const done = await s3.send(
      new CompleteMultipartUploadCommand({ Bucket: bucket, Key: 'v', UploadId: uploadId, MultipartUpload: completion(etags) }),
    );
    expect(done.VersionId).toBeDefined();
    expect(done.VersionId).not.toBe(put.VersionId);
    expect(sha256((await read(bucket, 'v')).bytes)).toBe(sha256(Buffer.concat(parts)));
    expect((await read(bucket, 'v', { VersionId: put.VersionId })).bytes.toString()).toBe('first');
    const record = await objects.get(bucket, 'v');
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'v', VersionId: done.VersionId }));
    for (const part of record!.parts!) expect(await blobExists(part.blobId)).toBe(false);
    expect((await read(bucket, 'v')).bytes.toString()).toBe('first');
  });

  it('honours If-None-Match: * on completion, keeping the upload for a retry or an abort', async () => {
    const bucket = await newBucket('mpu-conditional');
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'taken', Body: 'here' }));
    const { uploadId, etags } = await uploadParts(s3, bucket, 'taken', [Buffer.from('new')]);
    const attempt = s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'taken',
        UploadId: uploadId,
        MultipartUpload: completion(etags),
        IfNoneMatch: '*',
      }),
    );
    expect(await s3ErrorName(attempt)).toBe('PreconditionFailed');
    const [stored] = await uploads.allParts(uploadId);
    expect(await blobExists(stored!.blobId)).toBe(true);
    expect((await read(bucket, 'taken')).bytes.toString()).toBe('here');
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'taken',
        UploadId: uploadId,
        MultipartUpload: completion(etags),
      }),
    );
    expect((await read(bucket, 'taken')).bytes.toString()).toBe('new');
  });

  it('@aws-sdk/lib-storage Upload: a 12 MiB body in 5 MiB parts, byte-exact back', async () => {
    const bucket = await newBucket('mpu-lib-storage');
    const body = randomBytes(12 * MiB);
    await new Upload({
      client: s3,
      params: { Bucket: bucket, Key: 'lib/storage.bin', Body: body },
      partSize: 5 * MiB,
      queueSize: 2,
    }).done();
    const back = await read(bucket, 'lib/storage.bin');
    expect(sha256(back.bytes)).toBe(sha256(body));
    expect(back.response.ETag).toMatch(/-3"$/);
  });
});

describe('manifest size', () => {
  it('a manifest of the most parts allowed, with a 1,024-byte key and metadata, fits one DynamoDB item', async () => {
    const bucket = await newBucket('mpu-manifest');
    const parts = Array.from({ length: MAX_MANIFEST_PARTS }, () => ({ blobId: randomUUID(), size: 5 * MiB }));
    const record = {
      bucket,
      key: 'k'.repeat(1024),
      blobId: parts[0]!.blobId,
      size: MAX_MANIFEST_PARTS * 5 * MiB,
      etag: `${'0'.repeat(32)}-${MAX_MANIFEST_PARTS}`,
      lastModified: new Date().toISOString(),
      ownerId: owner.id,
      ownerDisplayName: owner.displayName,
      contentHeaders: { 'content-type': 'binary/octet-stream' },
      userMetadata: { note: 'x'.repeat(2000) },
      versionId: 'null',
      acl: [],
      parts,
    };
    expect(await objects.commit(record, undefined)).toBe('committed');
    expect((await objects.get(bucket, record.key))?.parts).toHaveLength(MAX_MANIFEST_PARTS);
  });
});

describe('multipart maintenance: orphan sweep and upload expiry', () => {
  it('keeps part blobs of live uploads and manifests, removes those of gone uploads', async () => {
    const bucket = await newBucket('mpu-sweep');
    const live = await uploadParts(s3, bucket, 'live', [Buffer.from('live part')]);
    const [livePart] = await uploads.allParts(live.uploadId);
    const done = await uploadParts(s3, bucket, 'done', [randomBytes(5 * MiB), Buffer.from('end')]);
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'done',
        UploadId: done.uploadId,
        MultipartUpload: completion(done.etags),
      }),
    );
    const manifest = (await objects.get(bucket, 'done'))!.parts!;

    // The blob side in a bucket of this test's own, as the sweeper test does, so no upload in flight elsewhere is touched.
    const blobBucket = uniqueBucket('mpu-sweep-blobs');
    await stage.clients.s3.send(new CreateBucketCommand({ Bucket: blobBucket }));
    const inventory = new S3BlobStore(stage.clients.s3, blobBucket);
    await inventory.put(livePart!.blobId, Buffer.from('x'), { bucket, key: 'live', uploadId: live.uploadId, partNumber: 1 });
    for (const [index, part] of manifest.entries()) {
      await inventory.put(part.blobId, Buffer.from('x'), { bucket, key: 'done', uploadId: done.uploadId, partNumber: index + 1 });
    }
    await inventory.put('aborted-part', Buffer.from('x'), { bucket, key: 'live', uploadId: 'gone-upload', partNumber: 1 });
    await inventory.put('replaced-part', Buffer.from('x'), { bucket, key: 'live', uploadId: live.uploadId, partNumber: 1 });
    const report = await sweepOrphanBlobs(
      { inventory, objects, versions: new VersionRepository(stage.clients.documents, stage.names.storageTable), uploads },
      { olderThan: new Date(Date.now() + 5_000) },
    );
    expect(report).toEqual({ examined: 5, tooYoung: 0, referenced: 3, removed: 2 });
  });

  it('expires uploads idle for longer than the expiry age, keeping blobs a committed manifest points at', async () => {
    const bucket = await newBucket('mpu-expiry');
    const done = await uploadParts(s3, bucket, 'done', [Buffer.from('kept')]);
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: bucket,
        Key: 'done',
        UploadId: done.uploadId,
        MultipartUpload: completion(done.etags),
      }),
    );
    const [manifestPart] = (await objects.get(bucket, 'done'))!.parts!;
    const old = '2020-01-01T00:00:00.000Z';
    const stale = (key: string, uploadId: string, state: 'open' | 'completing') => ({
      bucket,
      key,
      uploadId,
      initiatorId: owner.id,
      initiatorDisplayName: owner.displayName,
      initiated: old,
      lastActivity: old,
      contentHeaders: {},
      userMetadata: {},
      acl: [],
      state,
    });
    const part = (uploadId: string, blobId: string) => ({
      uploadId,
      partNumber: 1,
      blobId,
      size: 4,
      etag: 'e',
      lastModified: old,
    });
    // An upload abandoned long ago, and one whose completion died after its commit (its part is the object's).
    const abandoned = stale('abandoned', `0${bucket}`, 'open');
    await uploads.create(abandoned);
    await blobStore.put(`${bucket}-abandoned`, Buffer.from('lost'), {
      bucket,
      key: 'abandoned',
      uploadId: abandoned.uploadId,
      partNumber: 1,
    });
    await uploads.putPart(abandoned, part(abandoned.uploadId, `${bucket}-abandoned`), undefined);
    const crashed = stale('done', `1${bucket}`, 'open');
    await uploads.create(crashed);
    await uploads.putPart(crashed, part(crashed.uploadId, manifestPart!.blobId), undefined);
    await uploads.setState(crashed, 'open', 'completing');

    const versions = new VersionRepository(stage.clients.documents, stage.names.storageTable);
    const expired = await expireIdleUploads(
      { uploads, objects, versions, blobs: blobStore },
      { idleSince: new Date(Date.now() - DEFAULT_UPLOAD_EXPIRY_DAYS * 86_400_000) },
    );
    expect(expired).toBeGreaterThanOrEqual(2);
    expect(await uploads.get(bucket, 'abandoned', abandoned.uploadId)).toBeUndefined();
    expect(await uploads.allParts(abandoned.uploadId)).toEqual([]);
    expect(await blobExists(`${bucket}-abandoned`)).toBe(false);
    expect(await uploads.get(bucket, 'done', crashed.uploadId)).toBeUndefined();
    expect((await read(bucket, 'done')).bytes.toString()).toBe('kept');
    // Fresh uploads are not touched.
    const fresh = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'fresh' }));
    await expireIdleUploads({ uploads, objects, versions, blobs: blobStore }, { idleSince: new Date(Date.now() - 86_400_000) });
    expect(await uploads.get(bucket, 'fresh', fresh.UploadId!)).toBeDefined();
  });
});

describe('multipart uploads from real clients', () => {
  const run = promisify(execFile);
  const bigFile = (dir: string, bytes: number) => {
    const path = join(dir, 'in.bin');
    writeFileSync(path, randomBytes(bytes));
    return path;
  };
  const fileSha = (path: string) => sha256(readFileSync(path));

  for (const version of ['s3', 's3v4']) {
    it(`boto3 (signature_version='${version}'): TransferManager upload_file/download_file in 5 MiB parts, rule codes`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'mpu-boto-'));
      const script = join(import.meta.dirname, 'clients', 'boto3_multipart.py');
      const args = [
        script,
        testStack().baseUrl,
        owner.accessKey,
        owner.secretKey,
        version,
        uniqueBucket(`mpu-boto-${version}`),
        dir,
      ];
      const { stdout } = await run('python3', args, { timeout: 120_000 });
      expect(JSON.parse(stdout)).toEqual({
        etagParts: '3',
        metadata: { via: 'transfer' },
        partsCount: 3,
        roundTrip: true,
        partZero: 'InvalidArgument',
        partTooHigh: 'InvalidArgument',
        listed: ['low-level'],
        badPart: 'InvalidPart',
        afterAbort: 'NoSuchUpload',
      });
    });
  }

  it('awscli `s3 cp` of a 20 MB file up and down with its default 8 MiB parts', async () => {
    const bucket = await newBucket('mpu-awscli');
    const dir = mkdtempSync(join(tmpdir(), 'mpu-awscli-'));
    const source = bigFile(dir, 20_000_000);
    const aws = awsCli(owner);
    await aws('s3', 'cp', source, `s3://${bucket}/cli/big.bin`);
    const head = JSON.parse((await aws('s3api', 'head-object', '--bucket', bucket, '--key', 'cli/big.bin')).stdout);
    expect([head.ContentLength, head.ETag]).toEqual([20_000_000, expect.stringMatching(/-3"$/)]);
    await aws('s3', 'cp', `s3://${bucket}/cli/big.bin`, join(dir, 'out.bin'));
    expect(fileSha(join(dir, 'out.bin'))).toBe(fileSha(source));
  });

  it('s3cmd (SigV2) put of a 20 MB file in 5 MB chunks, and get', async () => {
    const bucket = await newBucket('mpu-s3cmd');
    const dir = mkdtempSync(join(tmpdir(), 'mpu-s3cmd-'));
    const source = bigFile(dir, 20_000_000);
    const cli = s3cmd(owner);
    await cli('put', '--multipart-chunk-size-mb=5', source, `s3://${bucket}/s3cmd/big.bin`);
    expect((await s3.send(new HeadObjectCommand({ Bucket: bucket, Key: 's3cmd/big.bin' }))).ETag).toMatch(/-4"$/);
    await cli('get', `s3://${bucket}/s3cmd/big.bin`, join(dir, 'out.bin'));
    expect(fileSha(join(dir, 'out.bin'))).toBe(fileSha(source));
  });
});
