import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { awsCli, rclone, s3cmd as s3cmdCli } from '../../support/cli-clients';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, uniqueBucket } from '../../support/storage-clients';

const run = promisify(execFile);
const { baseUrl } = testStack();
let user: StorageCredentials;

beforeAll(async () => {
  user = await newStorageUser('clients');
});

const KEYS = [
  'plain.txt',
  'with space+plus%percent',
  'ünïcødé/ключ/鍵',
  'double//slash',
  'folder/',
  'x'.repeat(1024),
  "(weird) *!'chars~$&=@,;",
];

describe('real S3 clients from the machine', () => {
  for (const version of ['s3', 's3v4']) {
    it(`boto3 with signature_version='${version}': tricky keys, metadata, listing, copy, presigned URL`, async () => {
      const bucket = uniqueBucket(`boto-${version}`);
      const script = join(import.meta.dirname, 'clients', 'boto3_round_trip.py');
      const { stdout } = await run('python3', [script, baseUrl, user.accessKey, user.secretKey, version, bucket], {
        timeout: 60_000,
      });
      const report = JSON.parse(stdout);
      const sorted = [...KEYS].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
      expect(report).toEqual({
        plainExact: true,
        etag: true,
        metadata: { origin: 'boto3' },
        keysBack: true,
        headLength: 'folder/'.length,
        listed: sorted,
        v1Keys: sorted.filter((key) => !key.includes('/')),
        v1Prefixes: ['double/', 'folder/', 'ünïcødé/'],
        copied: 'with space+plus%percent',
        presigned: 'ünïcødé/ключ/鍵',
        // SigV4 refuses the unsigned headers by name; SigV2 signs every x-amz-* header, so they break its signature.
        presignedPutReplay: [403, version === 's3v4' ? 'AccessDenied' : 'SignatureDoesNotMatch'],
        slotAfterReplay: [403, 'AccessDenied'],
        presignedPut: [200, null],
        slotUploaded: 'uploaded',
        missing: 'NoSuchKey',
        bucketsAfter: false,
      });
    });
  }

  for (const version of ['s3', 's3v4']) {
    it(`boto3 with signature_version='${version}': ACLs, versioning, requester pays, presigned POST`, async () => {
      const other = await newStorageUser(`clients-other-${version}`);
      const script = join(import.meta.dirname, 'clients', 'boto3_acl_versions.py');
      const args = [script, baseUrl, version, uniqueBucket(`boto-acl-${version}`), user.accessKey, user.secretKey];
      const { stdout } = await run('python3', [...args, other.accessKey, other.secretKey, `${other.id}@example.com`], {
        timeout: 90_000,
      });
      expect(JSON.parse(stdout)).toEqual({
        bucketGrants: ['FULL_CONTROL', 'READ', 'WRITE'],
        otherReadsPrivate: 'AccessDenied',
        otherReadsGranted: 'secret',
        unknownEmail: 'UnresolvableGrantByEmailAddress',
        otherOwnsItsObject: true,
        otherPutsBucketAcl: 'AccessDenied',
        anonymousList: 200,
        marker: true,
        afterDelete: 'NoSuchKey',
        oldVersion: 'one',
        restored: 'two',
        versions: [true, false, false],
        markers: [false],
        suspendedId: 'none',
        payer: 'Requester',
        withoutHeader: 'AccessDenied',
        charged: 'requester',
        postStatus: 204,
        posted: 'posted by boto3',
        postTooBig: 400,
      });
    });
  }

  const aws = (...args: string[]) => awsCli(user, 60_000)(...args);

  it('awscli (SigV4): mb, cp up and down, ls, s3api head-object, rm, rb', async () => {
    const bucket = uniqueBucket('awscli');
    const dir = mkdtempSync(join(tmpdir(), 'awscli-'));
    writeFileSync(join(dir, 'in.txt'), 'from awscli\n');
    await aws('s3', 'mb', `s3://${bucket}`);
    await aws('s3', 'cp', join(dir, 'in.txt'), `s3://${bucket}/dir/file name.txt`);
    expect((await aws('s3', 'ls', `s3://${bucket}/dir/`)).stdout).toContain('file name.txt');
    await aws('s3', 'cp', `s3://${bucket}/dir/file name.txt`, join(dir, 'out.txt'));
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toBe('from awscli\n');
    const head = JSON.parse((await aws('s3api', 'head-object', '--bucket', bucket, '--key', 'dir/file name.txt')).stdout);
    expect(head.ContentLength).toBe(12);
    await aws('s3', 'rm', `s3://${bucket}/dir/file name.txt`);
    await aws('s3', 'rb', `s3://${bucket}`);
    expect((await aws('s3', 'ls')).stdout).not.toContain(bucket);
  });

  it('awscli (SigV4): versioning, version listing, ACLs and request payment through s3api', async () => {
    const bucket = uniqueBucket('awscli-ver');
    const api = async (...args: string[]) => {
      const { stdout } = await aws('s3api', ...args, '--bucket', bucket);
      return stdout.trim() === '' ? {} : JSON.parse(stdout);
    };
    await aws('s3api', 'create-bucket', '--bucket', bucket, '--acl', 'authenticated-read');
    expect((await api('get-bucket-acl')).Grants.map((grant: { Permission: string }) => grant.Permission)).toEqual([
      'READ',
      'FULL_CONTROL',
    ]);
    await api('put-bucket-versioning', '--versioning-configuration', 'Status=Enabled');
    expect((await api('get-bucket-versioning')).Status).toBe('Enabled');
    const dir = mkdtempSync(join(tmpdir(), 'awscli-ver-'));
    writeFileSync(join(dir, 'a.txt'), 'first');
    const first = (await api('put-object', '--key', 'k', '--body', join(dir, 'a.txt'))).VersionId;
    writeFileSync(join(dir, 'a.txt'), 'second');
    const second = (await api('put-object', '--key', 'k', '--body', join(dir, 'a.txt'))).VersionId;
    const listed = await api('list-object-versions');
    expect(listed.Versions.map((v: { VersionId: string; IsLatest: boolean }) => [v.VersionId, v.IsLatest])).toEqual([
      [second, true],
      [first, false],
    ]);
    await api('get-object', '--key', 'k', '--version-id', first, join(dir, 'out.txt'));
    expect(readFileSync(join(dir, 'out.txt'), 'utf8')).toBe('first');
    await api('put-object-acl', '--key', 'k', '--acl', 'public-read');
    expect((await api('get-object-acl', '--key', 'k')).Grants).toHaveLength(2);
    await api('put-bucket-request-payment', '--request-payment-configuration', 'Payer=Requester');
    expect((await api('get-bucket-request-payment')).Payer).toBe('Requester');
  });

  it('rclone (Debian, Go SDK, defaults but a 5 MiB upload cutoff to force multipart): copy up, sync down, check, purge', async () => {
    const bucket = uniqueBucket('rclone');
    const dir = mkdtempSync(join(tmpdir(), 'rclone-'));
    mkdirSync(join(dir, 'up'));
    writeFileSync(join(dir, 'up', 'small.txt'), 'from rclone\n');
    writeFileSync(join(dir, 'up', 'big.bin'), randomBytes(12 * 1024 * 1024));
    const cli = rclone(user);
    await cli('mkdir', `local:${bucket}`);
    // Go's XML encoder writes the ETag quotes of CompleteMultipartUpload as &#34;.
    await cli('copy', '--s3-upload-cutoff', '5M', '--s3-chunk-size', '5M', join(dir, 'up'), `local:${bucket}/dir`);
    await cli('sync', `local:${bucket}/dir`, join(dir, 'down'));
    expect(readFileSync(join(dir, 'down', 'big.bin')).equals(readFileSync(join(dir, 'up', 'big.bin')))).toBe(true);
    await cli('check', join(dir, 'up'), `local:${bucket}/dir`);
    await cli('purge', `local:${bucket}`);
    expect((await fetch(`${baseUrl}/${bucket}`)).status).toBe(404);
  });

  it('s3cmd (Debian, SigV2): setacl --acl-public and --acl-grant, info shows the ACL', async () => {
    const bucket = uniqueBucket('s3cmd-acl');
    const dir = mkdtempSync(join(tmpdir(), 's3cmd-acl-'));
    const s3cmd = s3cmdCli(user, 60_000);
    writeFileSync(join(dir, 'in.txt'), 'public soon');
    await s3cmd('mb', `s3://${bucket}`);
    await s3cmd('put', join(dir, 'in.txt'), `s3://${bucket}/in.txt`);
    expect((await fetch(`${baseUrl}/${bucket}/in.txt`)).status).toBe(403);
    await s3cmd('setacl', '--acl-public', `s3://${bucket}/in.txt`);
    expect(await (await fetch(`${baseUrl}/${bucket}/in.txt`)).text()).toBe('public soon');
    const other = await newStorageUser('s3cmd-grantee');
    await s3cmd('setacl', `--acl-grant=read:${other.id}@example.com`, `s3://${bucket}`);
    const info = (await s3cmd('info', `s3://${bucket}/in.txt`)).stdout;
    expect(info).toMatch(/ACL:\s+\*anon\*: READ/);
    const bucketInfo = (await s3cmd('info', `s3://${bucket}`)).stdout;
    expect(bucketInfo).toContain(`${other.displayName}: READ`);
  });

  it('s3cmd (Debian) with signature_v2: mb, put, ls, get, del, rb', async () => {
    const bucket = uniqueBucket('s3cmd');
    const dir = mkdtempSync(join(tmpdir(), 's3cmd-'));
    const s3cmd = s3cmdCli(user, 60_000);
    writeFileSync(join(dir, 'in.bin'), Buffer.from([0, 1, 2, 255, 254]));
    await s3cmd('mb', `s3://${bucket}`);
    await s3cmd('put', join(dir, 'in.bin'), `s3://${bucket}/bin/in+1.bin`);
    expect((await s3cmd('ls', `s3://${bucket}/bin/`)).stdout).toContain(`s3://${bucket}/bin/in+1.bin`);
    await s3cmd('get', `s3://${bucket}/bin/in+1.bin`, join(dir, 'out.bin'));
    expect(readFileSync(join(dir, 'out.bin')).equals(Buffer.from([0, 1, 2, 255, 254]))).toBe(true);
    await s3cmd('del', `s3://${bucket}/bin/in+1.bin`);
    await s3cmd('rb', `s3://${bucket}`);
  });
});
