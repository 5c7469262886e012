import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, GetObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { awsCli, s3cmd } from '../../support/cli-clients';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, sdkClient, uniqueBucket } from '../../support/storage-clients';

/**
 * Large objects through real clients with their default settings, byte-exact. The sizes are the issue's
 * (256 MiB single PUT and aws-cli, 100 MiB boto3, 64 MiB s3cmd); LARGE_OBJECT_SCALE shrinks them (e.g. 0.25).
 */
const SCALE = Number(process.env.LARGE_OBJECT_SCALE ?? '1');
const MiB = 1024 * 1024;
const sized = (mib: number) => Math.max(16 * MiB, Math.round(mib * MiB * SCALE));

const run = promisify(execFile);
const { baseUrl } = testStack();
let user: StorageCredentials;
let s3: S3Client;
let bucket: string;
const work = mkdtempSync(join(tmpdir(), 'large-objects-'));

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
function randomFile(name: string, size: number): { path: string; digest: string } {
  const path = join(work, name);
  const bytes = randomBytes(size);
  writeFileSync(path, bytes);
  return { path, digest: sha256(bytes) };
}
const digestOf = (path: string) => sha256(readFileSync(path));

beforeAll(async () => {
  user = await newStorageUser('large');
  s3 = sdkClient(user);
  bucket = uniqueBucket('large');
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe(`large objects through real clients (scale ${SCALE})`, () => {
  it('SDK v3: one PutObject of 256 MiB (no multipart), read back byte-exact', { timeout: 300_000 }, async () => {
    const body = randomBytes(sized(256));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'single.bin', Body: body }));
    const back = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'single.bin' }));
    expect(Number(back.ContentLength)).toBe(body.length);
    expect(sha256(Buffer.from(await back.Body!.transformToByteArray()))).toBe(sha256(body));
  });

  it('aws-cli `s3 cp` up and down of 256 MiB (multipart, 8 MiB parts, ranged GETs down)', { timeout: 300_000 }, async () => {
    const file = randomFile('cli.bin', sized(256));
    const aws = awsCli(user, 280_000);
    await aws('s3', 'cp', file.path, `s3://${bucket}/cli.bin`);
    const head = JSON.parse((await aws('s3api', 'head-object', '--bucket', bucket, '--key', 'cli.bin')).stdout);
    expect(head.ETag).toMatch(/-\d+"$/);
    await aws('s3', 'cp', `s3://${bucket}/cli.bin`, join(work, 'cli.back'));
    expect(digestOf(join(work, 'cli.back'))).toBe(file.digest);
  });

  it('boto3 TransferManager (defaults) up and down of 100 MiB', { timeout: 300_000 }, async () => {
    const file = randomFile('boto.bin', sized(100));
    const script = join(import.meta.dirname, 'clients', 'boto3_transfer_large.py');
    const target = join(work, 'boto.back');
    const { stdout } = await run('python3', [script, baseUrl, user.accessKey, user.secretKey, bucket, file.path, target], {
      timeout: 280_000,
    });
    expect(stdout.trim()).toMatch(/-\d+"$/);
    expect(digestOf(target)).toBe(file.digest);
  });

  it('s3cmd (SigV2, default 15 MiB chunks) put and get of 64 MiB', { timeout: 300_000 }, async () => {
    const file = randomFile('s3cmd.bin', sized(64));
    const cli = s3cmd(user, 280_000);
    await cli('put', file.path, `s3://${bucket}/s3cmd.bin`);
    await cli('get', `s3://${bucket}/s3cmd.bin`, join(work, 's3cmd.back'));
    expect(digestOf(join(work, 's3cmd.back'))).toBe(file.digest);
  });

  it('SDK v3 @aws-sdk/lib-storage Upload (defaults: 5 MiB parts, 4 at once) of a 64 MiB stream', {
    timeout: 300_000,
  }, async () => {
    const file = randomFile('lib.bin', sized(64));
    const done = await new Upload({
      client: s3,
      params: { Bucket: bucket, Key: 'lib.bin', Body: createReadStream(file.path) },
    }).done();
    expect(done.ETag).toMatch(/-\d+"$/);
    const back = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'lib.bin' }));
    expect(sha256(Buffer.from(await back.Body!.transformToByteArray()))).toBe(file.digest);
  });
});
