import { createHash } from 'node:crypto';
import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  ListObjectsV2Command,
  ListObjectVersionsCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { awsCli, s3cmd } from '../../support/cli-clients';
import { errorCode, rawS3 } from '../../support/raw-s3';
import { newStorageUser, type StorageCredentials, sdkClient, uniqueBucket } from '../../support/storage-clients';

let owner: StorageCredentials;
let s3: S3Client;

beforeAll(async () => {
  owner = await newStorageUser('multidel');
  s3 = sdkClient(owner);
});

async function bucketWith(label: string, keys: string[], versioned = false): Promise<string> {
  const bucket = uniqueBucket(label);
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  if (versioned) {
    await s3.send(new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }));
  }
  await Promise.all(keys.map((Key) => s3.send(new PutObjectCommand({ Bucket: bucket, Key, Body: `body of ${Key}` }))));
  return bucket;
}

const keysOf = async (bucket: string) =>
  ((await s3.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((item) => item.Key);

const deleteBody = (keys: string[], quiet = false) =>
  `<Delete>${quiet ? '<Quiet>true</Quiet>' : ''}${keys.map((key) => `<Object><Key>${key}</Key></Object>`).join('')}</Delete>`;
const md5 = (text: string) => createHash('md5').update(text).digest('base64');

describe('DeleteObjects (POST ?delete)', () => {
  it('SDK v3 (default CRC32 checksum): deletes the named keys, reports each, and a missing key counts as deleted', async () => {
    const bucket = await bucketWith('md-sdk', ['a', 'b', 'dir/c', 'keep']);
    const result = await s3.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: [{ Key: 'a' }, { Key: 'b' }, { Key: 'dir/c' }, { Key: 'never-was' }] },
      }),
    );
    expect(result.Deleted?.map((entry) => entry.Key)).toEqual(['a', 'b', 'dir/c', 'never-was']);
    expect(result.Errors ?? []).toEqual([]);
    expect(await keysOf(bucket)).toEqual(['keep']);
  });

  it('quiet mode reports only errors; another user without WRITE gets AccessDenied per key and nothing goes', async () => {
    const bucket = await bucketWith('md-quiet', ['x', 'y']);
    const quiet = await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Quiet: true, Objects: [{ Key: 'x' }] } }));
    expect(quiet.Deleted ?? []).toEqual([]);
    expect(await keysOf(bucket)).toEqual(['y']);
    const stranger = sdkClient(await newStorageUser('multidel-stranger'));
    const refused = await stranger.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: [{ Key: 'y' }] } }));
    expect(refused.Errors?.map((entry) => [entry.Key, entry.Code])).toEqual([['y', 'AccessDenied']]);
    expect(await keysOf(bucket)).toEqual(['y']);
  });

  it('versioned: a plain key gets a delete marker (reported), a VersionId removes that version for good', async () => {
    const bucket = await bucketWith('md-ver', ['k', 'other'], true);
    const versions = await s3.send(new ListObjectVersionsCommand({ Bucket: bucket }));
    const otherVersion = versions.Versions?.find((version) => version.Key === 'other')?.VersionId;
    const result = await s3.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: [{ Key: 'k' }, { Key: 'other', VersionId: otherVersion }] },
      }),
    );
    const marker = result.Deleted?.find((entry) => entry.Key === 'k');
    expect(marker?.DeleteMarker).toBe(true);
    expect(marker?.DeleteMarkerVersionId).toMatch(/^[0-9a-v]{22}$/);
    expect(result.Deleted?.find((entry) => entry.Key === 'other')?.VersionId).toBe(otherVersion);
    const after = await s3.send(new ListObjectVersionsCommand({ Bucket: bucket }));
    expect(after.Versions?.map((version) => version.Key)).toEqual(['k']);
    expect(after.DeleteMarkers?.map((entry) => entry.VersionId)).toEqual([marker?.DeleteMarkerVersionId]);
    // Removing the marker by its version id reports it as a marker, and the object is back.
    const unmarked = await s3.send(
      new DeleteObjectsCommand({
        Bucket: bucket,
        Delete: { Objects: [{ Key: 'k', VersionId: marker?.DeleteMarkerVersionId }] },
      }),
    );
    expect(unmarked.Deleted?.[0]).toMatchObject({
      Key: 'k',
      DeleteMarker: true,
      DeleteMarkerVersionId: marker?.DeleteMarkerVersionId,
    });
    expect(await keysOf(bucket)).toEqual(['k']);
  });

  it('refuses a body without an integrity check, a wrong Content-MD5, bad XML and more than 1,000 keys', async () => {
    const bucket = await bucketWith('md-bad', ['a']);
    const body = deleteBody(['a']);
    const post = (text: string, headers: Record<string, string> = {}) =>
      rawS3({ method: 'POST', path: `/${bucket}`, query: { delete: '' }, body: text, headers, as: owner });
    const noDigest = await post(body);
    expect([noDigest.status, errorCode(noDigest)]).toEqual([400, 'InvalidRequest']);
    const wrong = await post(body, { 'content-md5': md5('something else') });
    expect([wrong.status, errorCode(wrong)]).toEqual([400, 'BadDigest']);
    const notXml = '<Delete><Object><Key>a</Key></Delete>';
    expect(errorCode(await post(notXml, { 'content-md5': md5(notXml) }))).toBe('MalformedXML');
    const tooMany = deleteBody(Array.from({ length: 1001 }, (_, i) => `k${i}`));
    expect(errorCode(await post(tooMany, { 'content-md5': md5(tooMany) }))).toBe('MalformedXML');
    expect(await keysOf(bucket)).toEqual(['a']);
    const ok = await post(body, { 'content-md5': md5(body) });
    expect(ok.status).toBe(200);
    expect(ok.text).toContain('<Deleted><Key>a</Key></Deleted>');
    expect(await keysOf(bucket)).toEqual([]);
  });

  it('awscli `s3 rm --recursive` and s3cmd `del --recursive` (SigV2) empty a prefix through DeleteObjects', async () => {
    const keys = Array.from({ length: 30 }, (_, i) => `p/${String(i).padStart(2, '0')}`);
    const bucket = await bucketWith('md-cli', [...keys, 'q/stay']);
    await awsCli(owner)('s3', 'rm', '--recursive', `s3://${bucket}/p/`);
    expect(await keysOf(bucket)).toEqual(['q/stay']);
    await s3cmd(owner)('del', '--recursive', `s3://${bucket}/q/`);
    expect(await keysOf(bucket)).toEqual([]);
  });
});
