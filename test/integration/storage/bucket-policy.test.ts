import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CopyObjectCommand,
  CreateBucketCommand,
  DeleteBucketPolicyCommand,
  DeleteObjectsCommand,
  GetBucketPolicyCommand,
  GetBucketPolicyStatusCommand,
  GetObjectCommand,
  GetPublicAccessBlockCommand,
  ListObjectsV2Command,
  PutBucketPolicyCommand,
  PutObjectCommand,
  PutPublicAccessBlockCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { AdminClient, csrfOf } from '../../support/admin/admin-client';
import { awsCli } from '../../support/cli-clients';
import { errorCode, rawS3 } from '../../support/raw-s3';
import { newStorageUser, type StorageCredentials, s3ErrorName, sdkClient, uniqueBucket } from '../../support/storage-clients';

let owner: StorageCredentials;
let other: StorageCredentials;
let s3: S3Client;
let s3Other: S3Client;

beforeAll(async () => {
  owner = await newStorageUser('policy-owner');
  other = await newStorageUser('policy-other');
  s3 = sdkClient(owner);
  s3Other = sdkClient(other);
});

const document = (...statements: object[]) => JSON.stringify({ Version: '2012-10-17', Statement: statements });

async function bucketWith(label: string, objects: Record<string, string> = {}): Promise<string> {
  const bucket = uniqueBucket(label);
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  for (const [Key, Body] of Object.entries(objects)) await s3.send(new PutObjectCommand({ Bucket: bucket, Key, Body }));
  return bucket;
}

describe('bucket policy with aws-cli (default settings)', () => {
  const aws = (...args: string[]) => awsCli(owner, 60_000)(...args);

  it('put-bucket-policy makes a bucket public for anonymous GET, get-bucket-policy answers the document, delete makes it private again', async () => {
    const bucket = await bucketWith('cli-public', { 'site/index.html': '<h1>hi</h1>', 'private.txt': 'secret' });
    const anonymousGet = (key: string) => rawS3({ method: 'GET', path: `/${bucket}/${key}` });
    expect((await anonymousGet('site/index.html')).status).toBe(403);
    const policy = document({
      Sid: 'PublicReadForSite',
      Effect: 'Allow',
      Principal: '*',
      Action: 's3:GetObject',
      Resource: `arn:aws:s3:::${bucket}/site/*`,
    });
    await aws('s3api', 'put-bucket-policy', '--bucket', bucket, '--policy', policy);
    const site = await anonymousGet('site/index.html');
    expect([site.status, site.text]).toEqual([200, '<h1>hi</h1>']);
    expect((await anonymousGet('private.txt')).status).toBe(403);
    const stored = JSON.parse((await aws('s3api', 'get-bucket-policy', '--bucket', bucket)).stdout);
    expect(stored.Policy).toBe(policy);
    const status = JSON.parse((await aws('s3api', 'get-bucket-policy-status', '--bucket', bucket)).stdout);
    expect(status.PolicyStatus.IsPublic).toBe(true);
    await aws('s3api', 'delete-bucket-policy', '--bucket', bucket);
    expect((await anonymousGet('site/index.html')).status).toBe(403);
    const missing = await aws('s3api', 'get-bucket-policy', '--bucket', bucket).catch((error: { stderr: string }) => error);
    expect((missing as { stderr: string }).stderr).toContain('NoSuchBucketPolicy');
  });

  it('a Deny-unencrypted policy refuses a plain PUT and takes an encrypted one', async () => {
    const bucket = await bucketWith('cli-deny-plain');
    await aws(
      's3api',
      'put-bucket-policy',
      '--bucket',
      bucket,
      '--policy',
      document({
        Sid: 'DenyUnencryptedUploads',
        Effect: 'Deny',
        Principal: '*',
        Action: 's3:PutObject',
        Resource: `arn:aws:s3:::${bucket}/*`,
        Condition: { Null: { 's3:x-amz-server-side-encryption': 'true' } },
      }),
    );
    const file = join(mkdtempSync(join(tmpdir(), 'policy-')), 'f.txt');
    writeFileSync(file, 'data');
    const plain = await aws('s3', 'cp', file, `s3://${bucket}/plain.txt`).catch((error: { stderr: string }) => error);
    expect((plain as { stderr: string }).stderr).toMatch(/AccessDenied|Forbidden/);
    await aws('s3', 'cp', file, `s3://${bucket}/sealed.txt`, '--sse', 'AES256');
    const listed = JSON.parse((await aws('s3api', 'list-objects-v2', '--bucket', bucket)).stdout);
    expect(listed.Contents.map((item: { Key: string }) => item.Key)).toEqual(['sealed.txt']);
  });
});

describe('bucket policy evaluation', () => {
  it('grants another user by id, per key prefix, and an explicit Deny wins even over the owner', async () => {
    const bucket = await bucketWith('grant', { 'shared/a': 'a', 'mine/b': 'b' });
    await s3.send(
      new PutBucketPolicyCommand({
        Bucket: bucket,
        Policy: document(
          {
            Effect: 'Allow',
            Principal: { AWS: [`arn:aws:iam::${other.id}:root`] },
            Action: ['s3:GetObject', 's3:PutObject'],
            Resource: `arn:aws:s3:::${bucket}/shared/*`,
          },
          {
            Effect: 'Allow',
            Principal: { AWS: other.id },
            Action: 's3:ListBucket',
            Resource: `arn:aws:s3:::${bucket}`,
            Condition: { StringLike: { 's3:prefix': 'shared/*' } },
          },
          { Effect: 'Deny', Principal: '*', Action: 's3:GetBucketPublicAccessBlock', Resource: `arn:aws:s3:::${bucket}` },
        ),
      }),
    );
    const read = await s3Other.send(new GetObjectCommand({ Bucket: bucket, Key: 'shared/a' }));
    expect(await read.Body?.transformToString()).toBe('a');
    await s3Other.send(new PutObjectCommand({ Bucket: bucket, Key: 'shared/new', Body: 'n' }));
    expect(await s3ErrorName(s3Other.send(new GetObjectCommand({ Bucket: bucket, Key: 'mine/b' })))).toBe('AccessDenied');
    expect(await s3ErrorName(s3Other.send(new PutObjectCommand({ Bucket: bucket, Key: 'mine/c', Body: 'c' })))).toBe(
      'AccessDenied',
    );
    const listed = await s3Other.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'shared/' }));
    expect(listed.Contents?.map((item) => item.Key)).toEqual(['shared/a', 'shared/new']);
    expect(await s3ErrorName(s3Other.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'mine/' })))).toBe('AccessDenied');
    expect(await s3ErrorName(s3.send(new GetPublicAccessBlockCommand({ Bucket: bucket })))).toBe('AccessDenied');
    // The owner is never locked out of the policy itself, as an account's root user is not on S3.
    await s3.send(new DeleteBucketPolicyCommand({ Bucket: bucket }));
    expect(await s3ErrorName(s3.send(new GetPublicAccessBlockCommand({ Bucket: bucket })))).toBe(
      'NoSuchPublicAccessBlockConfiguration',
    );
  });

  it('judges every key of a multi-object delete and the copy source of a copy on its own', async () => {
    const source = await bucketWith('copy-src', { 'public/a': 'pa', 'private/b': 'pb' });
    const target = await bucketWith('copy-dst');
    await s3.send(
      new PutBucketPolicyCommand({
        Bucket: source,
        Policy: document({ Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: `arn:aws:s3:::${source}/*` }),
      }),
    );
    await s3.send(
      new PutBucketPolicyCommand({
        Bucket: target,
        Policy: document(
          {
            Effect: 'Allow',
            Principal: '*',
            Action: 's3:PutObject',
            Resource: `arn:aws:s3:::${target}/*`,
            Condition: { StringLike: { 's3:x-amz-copy-source': `${source}/public/*` } },
          },
          { Effect: 'Allow', Principal: '*', Action: 's3:DeleteObject', Resource: `arn:aws:s3:::${target}/copies/*` },
        ),
      }),
    );
    await s3Other.send(new CopyObjectCommand({ Bucket: target, Key: 'copies/a', CopySource: `${source}/public/a` }));
    expect(
      await s3ErrorName(
        s3Other.send(new CopyObjectCommand({ Bucket: target, Key: 'copies/b', CopySource: `${source}/private/b` })),
      ),
    ).toBe('AccessDenied');
    expect(await s3ErrorName(s3Other.send(new PutObjectCommand({ Bucket: target, Key: 'copies/c', Body: 'c' })))).toBe(
      'AccessDenied',
    );
    await s3.send(new PutObjectCommand({ Bucket: target, Key: 'kept', Body: 'k' }));
    const deleted = await s3Other.send(
      new DeleteObjectsCommand({ Bucket: target, Delete: { Objects: [{ Key: 'copies/a' }, { Key: 'kept' }] } }),
    );
    expect(deleted.Deleted?.map((entry) => entry.Key)).toEqual(['copies/a']);
    expect(deleted.Errors?.map((entry) => [entry.Key, entry.Code])).toEqual([['kept', 'AccessDenied']]);
  });

  it('BlockPublicPolicy refuses a public policy, RestrictPublicBuckets makes a stored one count for the owner only', async () => {
    const bucket = await bucketWith('block-policy', { k: 'v' });
    const publicRead = document({
      Effect: 'Allow',
      Principal: '*',
      Action: 's3:GetObject',
      Resource: `arn:aws:s3:::${bucket}/*`,
    });
    const block = (flags: { BlockPublicPolicy: boolean; RestrictPublicBuckets: boolean }) =>
      s3.send(
        new PutPublicAccessBlockCommand({
          Bucket: bucket,
          PublicAccessBlockConfiguration: { BlockPublicAcls: false, IgnorePublicAcls: false, ...flags },
        }),
      );
    await block({ BlockPublicPolicy: true, RestrictPublicBuckets: false });
    expect(await s3ErrorName(s3.send(new PutBucketPolicyCommand({ Bucket: bucket, Policy: publicRead })))).toBe('AccessDenied');
    expect(await s3ErrorName(s3.send(new GetBucketPolicyCommand({ Bucket: bucket })))).toBe('NoSuchBucketPolicy');
    // A grant to a named user is not public.
    await s3.send(
      new PutBucketPolicyCommand({
        Bucket: bucket,
        Policy: document({
          Effect: 'Allow',
          Principal: { AWS: other.id },
          Action: 's3:GetObject',
          Resource: `arn:aws:s3:::${bucket}/*`,
        }),
      }),
    );
    expect((await s3.send(new GetBucketPolicyStatusCommand({ Bucket: bucket }))).PolicyStatus?.IsPublic).toBe(false);
    await block({ BlockPublicPolicy: false, RestrictPublicBuckets: false });
    await s3.send(new PutBucketPolicyCommand({ Bucket: bucket, Policy: publicRead }));
    expect((await rawS3({ method: 'GET', path: `/${bucket}/k` })).status).toBe(200);
    await block({ BlockPublicPolicy: false, RestrictPublicBuckets: true });
    expect((await rawS3({ method: 'GET', path: `/${bucket}/k` })).status).toBe(403);
    expect(await s3ErrorName(s3Other.send(new GetObjectCommand({ Bucket: bucket, Key: 'k' })))).toBe('AccessDenied');
  });

  it('refuses bad policies with MalformedPolicy (400), another user with AccessDenied, and stores nothing', async () => {
    const bucket = await bucketWith('bad-policy');
    const put = (body: string, as = owner) => rawS3({ method: 'PUT', path: `/${bucket}`, query: { policy: '' }, body, as });
    const cases: [string, RegExp][] = [
      ['{"Version": "2012-10-17", "Statement": [', /invalid Json/],
      [
        document({ Effect: 'Allow', Principal: '*', Action: 's3:Teleport', Resource: `arn:aws:s3:::${bucket}/*` }),
        /invalid action/,
      ],
      [
        document({
          Effect: 'Allow',
          Principal: '*',
          Action: 's3:GetObject',
          Resource: `arn:aws:s3:::${bucket}/*`,
          Condition: { StringSortOf: { 's3:prefix': 'a' } },
        }),
        /Condition type/,
      ],
      [
        document({ Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: 'arn:aws:s3:::someone-else/*' }),
        /invalid resource/,
      ],
      [
        document({
          Sid: 'x'.repeat(21_000),
          Effect: 'Allow',
          Principal: '*',
          Action: 's3:GetObject',
          Resource: `arn:aws:s3:::${bucket}/*`,
        }),
        /maximum allowed document size/,
      ],
    ];
    for (const [body, message] of cases) {
      const response = await put(body);
      expect([response.status, errorCode(response)]).toEqual([400, 'MalformedPolicy']);
      expect(response.text).toMatch(message);
      expect(response.text).not.toMatch(/at .*\.ts|Error:/);
    }
    const valid = document({ Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: `arn:aws:s3:::${bucket}/*` });
    const stranger = await put(valid, other);
    expect([stranger.status, errorCode(stranger)]).toEqual([403, 'AccessDenied']);
    const read = await rawS3({ method: 'GET', path: `/${bucket}`, query: { policy: '' }, as: owner });
    expect([read.status, errorCode(read)]).toEqual([404, 'NoSuchBucketPolicy']);
  });
});

describe('bucket policy in the console', () => {
  async function signedIn(user: StorageCredentials): Promise<AdminClient> {
    const browser = new AdminClient();
    const form = await browser.get('/v1/console/');
    await browser.post('/v1/console/sign-in', { _csrf: csrfOf(form.text), accessKey: user.accessKey, secretKey: user.secretKey });
    return browser;
  }

  it('shows the owner the policy and whether it is public; lets a user the policy allows browse, and shows a denial as a calm page', async () => {
    const bucket = await bucketWith('console-policy', { 'shared/a.txt': 'a', 'private/b.txt': 'b' });
    await s3.send(
      new PutBucketPolicyCommand({
        Bucket: bucket,
        Policy: document(
          {
            Sid: 'ShareFolder',
            Effect: 'Allow',
            Principal: { AWS: other.id },
            Action: 's3:ListBucket',
            Resource: `arn:aws:s3:::${bucket}`,
            Condition: { StringLike: { 's3:prefix': 'shared/*' } },
          },
          {
            Sid: 'PublicShared',
            Effect: 'Allow',
            Principal: '*',
            Action: 's3:GetObject',
            Resource: `arn:aws:s3:::${bucket}/shared/*`,
          },
        ),
      }),
    );
    const ownerPage = await (await signedIn(owner)).get(`/v1/console/buckets/${bucket}`);
    expect(ownerPage.status).toBe(200);
    expect(ownerPage.text).toContain('Bucket policy');
    expect(ownerPage.text).toContain('public: the policy grants to everyone');
    expect(ownerPage.text).toContain('&quot;Sid&quot;: &quot;ShareFolder&quot;');

    const guest = await signedIn(other);
    const allowed = await guest.get(`/v1/console/buckets/${bucket}?prefix=shared/`);
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain('a.txt');
    expect(allowed.text).not.toContain('Bucket policy');
    const denied = await guest.get(`/v1/console/buckets/${bucket}?prefix=private/`);
    expect(denied.status).toBe(403);
    expect(denied.text).toContain('AccessDenied');
    expect(denied.text).not.toContain('b.txt');
    expect(denied.text).not.toMatch(/at .*\.ts|Error:/);
  });
});
