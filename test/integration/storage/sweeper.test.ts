import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { CreateBucketCommand, PutBucketVersioningCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { sweepOrphanBlobs } from '../../../lib/storage';
import { ObjectRepository } from '../../../lib/storage/store/object-repository';
import { S3BlobStore } from '../../../lib/storage/store/s3-blob-store';
import { UploadRepository } from '../../../lib/storage/store/upload-repository';
import { VersionRepository } from '../../../lib/storage/store/version-repository';
import { testStack } from '../../support/stack';
import { newStorageUser, sdkClient, uniqueBucket } from '../../support/storage-clients';

const { stage, env } = testStack();
const run = promisify(execFile);

describe('orphan blob sweeper (real s3rver and DynamoDB Local)', () => {
  it('removes old blobs no object points at, keeps referenced and young ones', async () => {
    // The metadata side: a real object written through the S3 API.
    const s3 = sdkClient(await newStorageUser('sweep'));
    const bucket = uniqueBucket('sweep');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'kept.txt', Body: 'kept' }));
    const objects = new ObjectRepository(stage.clients.documents, stage.names.storageTable);
    const versions = new VersionRepository(stage.clients.documents, stage.names.storageTable);
    const uploads = new UploadRepository(stage.clients.documents, stage.names.storageTable);
    const record = await objects.get(bucket, 'kept.txt');
    expect(record).toBeDefined();
    // A versioned key: its older version is no longer the current record, but its blob is still referenced.
    const versioned = uniqueBucket('sweep-versioned');
    await s3.send(new CreateBucketCommand({ Bucket: versioned }));
    await s3.send(new PutBucketVersioningCommand({ Bucket: versioned, VersioningConfiguration: { Status: 'Enabled' } }));
    await s3.send(new PutObjectCommand({ Bucket: versioned, Key: 'v.txt', Body: 'one' }));
    await s3.send(new PutObjectCommand({ Bucket: versioned, Key: 'v.txt', Body: 'two' }));
    const [, older] = await versions.newest(versioned, 'v.txt', 2);
    expect(older?.blobId).toBeDefined();

    // The blob side: a blob bucket of this test's own, so the sweep cannot touch other tests' uploads in flight.
    const blobBucket = uniqueBucket('sweep-blobs');
    await stage.clients.s3.send(new CreateBucketCommand({ Bucket: blobBucket }));
    const inventory = new S3BlobStore(stage.clients.s3, blobBucket);
    const referenced = record!.blobId;
    await inventory.put(referenced, Buffer.from('kept'), { bucket, key: 'kept.txt' });
    await inventory.put('replaced-blob', Buffer.from('old bytes'), { bucket, key: 'kept.txt' });
    await inventory.put('deleted-key-blob', Buffer.from('x'), { bucket, key: 'gone.txt' });
    await inventory.put(older!.blobId, Buffer.from('one'), { bucket: versioned, key: 'v.txt' });
    await inventory.put('unversioned-orphan', Buffer.from('z'), { bucket: versioned, key: 'v.txt' });
    await stage.clients.s3.send(new PutObjectCommand({ Bucket: blobBucket, Key: 'blobs/no-origin', Body: 'y' }));
    await stage.clients.s3.send(new PutObjectCommand({ Bucket: blobBucket, Key: 'diagnostics/not-a-blob', Body: 'z' }));

    const young = await sweepOrphanBlobs(
      { inventory, objects, versions, uploads },
      { olderThan: new Date(Date.now() - 3600_000) },
    );
    expect(young).toEqual({ examined: 6, tooYoung: 6, referenced: 0, removed: 0 });

    const swept = await sweepOrphanBlobs({ inventory, objects, versions, uploads }, { olderThan: new Date(Date.now() + 5_000) });
    expect(swept).toEqual({ examined: 6, tooYoung: 0, referenced: 2, removed: 4 });
    const left = await inventory.list();
    expect(left.blobs.map((blob) => blob.blobId).sort()).toEqual([referenced, older!.blobId].sort());
    expect((await inventory.get(referenced))?.toString()).toBe('kept');
  });

  it('runs from the operator CLI against the stage (nothing young is touched)', async () => {
    // Both documented options are accepted (parseArgs is strict: an undeclared one is refused).
    const options = ['--older-than-minutes', '60', '--upload-expiry-days', '7'];
    const { stdout } = await run(
      'npx',
      ['--no-install', 'tsx', 'scripts/cli.ts', '--json', 'storage', 'sweep-orphans', ...options],
      {
        env: { ...process.env, ...env },
      },
    );
    const report = JSON.parse(stdout);
    expect(report.removed).toBe(0);
    expect(report.examined).toBe(report.tooYoung + report.referenced);
  });
});
