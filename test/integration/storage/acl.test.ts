import {
  CreateBucketCommand,
  DeleteObjectCommand,
  GetBucketAclCommand,
  GetObjectAclCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutBucketAclCommand,
  PutObjectAclCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, rawS3 } from '../../support/raw-s3';
import { newStorageUser, type StorageCredentials, s3ErrorName, sdkClient, uniqueBucket } from '../../support/storage-clients';

let owner: StorageCredentials;
let other: StorageCredentials;
let s3: S3Client;
let s3Other: S3Client;

const ALL_USERS = 'http://acs.amazonaws.com/groups/global/AllUsers';
const errorName = s3ErrorName;
const put = (
  client: S3Client,
  Bucket: string,
  Key: string,
  extra: Partial<ConstructorParameters<typeof PutObjectCommand>[0]> = {},
) => client.send(new PutObjectCommand({ Bucket, Key, Body: `body of ${Key}`, ...extra }));
const get = async (client: S3Client, Bucket: string, Key: string) =>
  (await client.send(new GetObjectCommand({ Bucket, Key }))).Body!.transformToString();
const anonymous = (method: string, path: string, extra: { headers?: Record<string, string>; body?: string } = {}) =>
  rawS3({ method, path, ...extra });

beforeAll(async () => {
  owner = await newStorageUser('acl-owner');
  other = await newStorageUser('acl-other');
  s3 = sdkClient(owner);
  s3Other = sdkClient(other);
});

describe('ACLs: owner, another user and anonymous', () => {
  it('keeps a private bucket private from everyone but its owner', async () => {
    const bucket = uniqueBucket('acl-private');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await put(s3, bucket, 'secret.txt');
    expect(await get(s3, bucket, 'secret.txt')).toBe('body of secret.txt');
    expect(await errorName(get(s3Other, bucket, 'secret.txt'))).toBe('AccessDenied');
    expect(await errorName(s3Other.send(new ListObjectsV2Command({ Bucket: bucket })))).toBe('AccessDenied');
    expect(await errorName(put(s3Other, bucket, 'intruder.txt'))).toBe('AccessDenied');
    expect(await errorName(s3Other.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'secret.txt' })))).toBe('AccessDenied');
    expect(await errorName(s3Other.send(new GetBucketAclCommand({ Bucket: bucket })))).toBe('AccessDenied');
    // A missing key is NoSuchKey only to those who may list the bucket.
    expect(await errorName(get(s3, bucket, 'missing'))).toBe('NoSuchKey');
    expect(await errorName(get(s3Other, bucket, 'missing'))).toBe('AccessDenied');
    for (const [method, path] of [
      ['GET', `/${bucket}/secret.txt`],
      ['GET', `/${bucket}`],
      ['GET', `/${bucket}?acl`],
      ['PUT', `/${bucket}/anon.txt`],
    ] as const) {
      const response = await anonymous(method, path, method === 'PUT' ? { body: 'x' } : {});
      expect([path, response.status, errorCode(response)]).toEqual([path, 403, 'AccessDenied']);
    }
    const acl = await s3.send(new GetBucketAclCommand({ Bucket: bucket }));
    expect(acl.Owner?.ID).toBe(owner.id);
    expect(acl.Grants).toEqual([
      { Grantee: { Type: 'CanonicalUser', ID: owner.id, DisplayName: owner.displayName }, Permission: 'FULL_CONTROL' },
    ]);
  });

  it('lets anyone list and write a public-read-write bucket (the spec example), and refuses anonymous bucket creation', async () => {
    const bucket = uniqueBucket('acl-public');
    const created = await rawS3({ method: 'PUT', path: `/${bucket}`, headers: { 'x-amz-acl': 'public-read-write' }, as: owner });
    expect(created.status).toBe(200);
    const anonPut = await anonymous('PUT', `/${bucket}/from-anon.txt`, { body: 'anon', headers: { 'x-amz-acl': 'public-read' } });
    expect(anonPut.status).toBe(200);
    expect((await anonymous('GET', `/${bucket}/from-anon.txt`)).text).toBe('anon');
    expect((await anonymous('GET', `/${bucket}`)).text).toContain('<Key>from-anon.txt</Key>');
    await put(s3Other, bucket, 'from-other.txt');
    // The writer owns what it wrote: the bucket owner cannot read another's private object, but may delete it (bucket WRITE).
    expect(await get(s3Other, bucket, 'from-other.txt')).toBe('body of from-other.txt');
    expect(await errorName(get(s3, bucket, 'from-other.txt'))).toBe('AccessDenied');
    expect((await anonymous('GET', `/${bucket}/from-other.txt`)).status).toBe(403);
    const objectAcl = await s3Other.send(new GetObjectAclCommand({ Bucket: bucket, Key: 'from-other.txt' }));
    expect(objectAcl.Owner?.ID).toBe(other.id);
    await s3.send(new DeleteObjectCommand({ Bucket: bucket, Key: 'from-other.txt' }));
    expect((await anonymous('DELETE', `/${bucket}/from-anon.txt`)).status).toBe(204);
    const anonCreate = await anonymous('PUT', `/${uniqueBucket('acl-anon')}`);
    expect([anonCreate.status, errorCode(anonCreate)]).toEqual([403, 'AccessDenied']);
    // Configuration stays the owner's whatever the ACL.
    expect((await anonymous('GET', `/${bucket}?acl`)).status).toBe(403);
    expect(await errorName(s3Other.send(new PutBucketAclCommand({ Bucket: bucket, ACL: 'private' })))).toBe('AccessDenied');
  });

  it('grants by e-mail, id and group through headers and AccessControlPolicy bodies', async () => {
    const bucket = uniqueBucket('acl-grants');
    // Grant headers replace the default ACL entirely, so the owner grants itself FULL_CONTROL as well (as with S3).
    await s3.send(
      new CreateBucketCommand({
        Bucket: bucket,
        GrantRead: `emailAddress="${other.id}@example.com"`,
        GrantFullControl: `id="${owner.id}"`,
      }),
    );
    expect((await s3Other.send(new ListObjectsV2Command({ Bucket: bucket }))).KeyCount).toBe(0);
    expect(await errorName(put(s3Other, bucket, 'nope'))).toBe('AccessDenied');
    await put(s3, bucket, 'shared.txt', { GrantRead: `id="${other.id}"`, GrantFullControl: `id="${owner.id}"` });
    expect(await get(s3Other, bucket, 'shared.txt')).toBe('body of shared.txt');
    expect(await errorName(s3Other.send(new GetObjectAclCommand({ Bucket: bucket, Key: 'shared.txt' })))).toBe('AccessDenied');
    expect(await errorName(put(s3, bucket, 'x', { GrantRead: 'emailAddress="nobody@nowhere.example"' }))).toBe(
      'UnresolvableGrantByEmailAddress',
    );
    // The policy body: give the other user WRITE on the bucket and READ_ACP; e-mail grantees come back as canonical users.
    await s3.send(
      new PutBucketAclCommand({
        Bucket: bucket,
        AccessControlPolicy: {
          Owner: { ID: owner.id },
          Grants: [
            { Grantee: { Type: 'CanonicalUser', ID: owner.id }, Permission: 'FULL_CONTROL' },
            { Grantee: { Type: 'AmazonCustomerByEmail', EmailAddress: `${other.id}@example.com` }, Permission: 'WRITE' },
            { Grantee: { Type: 'CanonicalUser', ID: other.id }, Permission: 'READ_ACP' },
            { Grantee: { Type: 'Group', URI: ALL_USERS }, Permission: 'READ' },
          ],
        },
      }),
    );
    const acl = await s3Other.send(new GetBucketAclCommand({ Bucket: bucket }));
    // RGW's listing order: groups, then users by id ('acl-other-…' before 'acl-owner-…').
    expect(acl.Grants?.map((grant) => [grant.Grantee?.Type, grant.Grantee?.ID ?? grant.Grantee?.URI, grant.Permission])).toEqual([
      ['Group', ALL_USERS, 'READ'],
      ['CanonicalUser', other.id, 'WRITE'],
      ['CanonicalUser', other.id, 'READ_ACP'],
      ['CanonicalUser', owner.id, 'FULL_CONTROL'],
    ]);
    await put(s3Other, bucket, 'now-allowed.txt');
    expect((await anonymous('GET', `/${bucket}?list-type=2`)).status).toBe(200);
    // Object ACLs: canned, then the owner gives it away and keeps READ_ACP/WRITE_ACP.
    await s3.send(new PutObjectAclCommand({ Bucket: bucket, Key: 'shared.txt', ACL: 'public-read' }));
    expect((await anonymous('GET', `/${bucket}/shared.txt`)).text).toBe('body of shared.txt');
    await s3.send(
      new PutObjectAclCommand({
        Bucket: bucket,
        Key: 'shared.txt',
        AccessControlPolicy: {
          Owner: { ID: owner.id },
          Grants: [{ Grantee: { Type: 'CanonicalUser', ID: other.id }, Permission: 'FULL_CONTROL' }],
        },
      }),
    );
    expect(await errorName(get(s3, bucket, 'shared.txt'))).toBe('AccessDenied');
    expect((await s3.send(new GetObjectAclCommand({ Bucket: bucket, Key: 'shared.txt' }))).Grants).toHaveLength(1);
    expect(await get(s3Other, bucket, 'shared.txt')).toBe('body of shared.txt');
  });

  it('answers malformed and contradictory ACL requests with S3’s codes', async () => {
    const bucket = uniqueBucket('acl-errors');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const putAcl = (body: string, headers: Record<string, string> = {}) =>
      rawS3({ method: 'PUT', path: `/${bucket}`, query: { acl: '' }, body, headers, as: owner });
    const policy = (ownerId: string) =>
      `<AccessControlPolicy><Owner><ID>${ownerId}</ID></Owner><AccessControlList><Grant><Grantee xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="CanonicalUser"><ID>${ownerId}</ID></Grantee><Permission>FULL_CONTROL</Permission></Grant></AccessControlList></AccessControlPolicy>`;
    expect(errorCode(await putAcl('<AccessControlPolicy><Owner>'))).toBe('MalformedACLError');
    expect(errorCode(await putAcl('<AccessControlPolicy/>'))).toBe('MalformedACLError');
    expect(errorCode(await putAcl(policy(owner.id), { 'x-amz-acl': 'private' }))).toBe('UnexpectedContent');
    expect(errorCode(await putAcl(''))).toBe('MissingSecurityHeader');
    expect(errorCode(await putAcl(policy(other.id)))).toBe('AccessDenied');
    expect(errorCode(await putAcl('', { 'x-amz-acl': 'for-friends' }))).toBe('InvalidArgument');
    expect(errorCode(await putAcl('', { 'x-amz-grant-read': 'id="no-such-user"' }))).toBe('InvalidArgument');
    expect(errorCode(await putAcl('', { 'x-amz-acl': 'private', 'x-amz-grant-read': `id="${other.id}"` }))).toBe(
      'InvalidRequest',
    );
    expect((await putAcl(policy(owner.id))).status).toBe(200);
    const missing = await rawS3({ method: 'GET', path: `/${bucket}/missing`, query: { acl: '' }, as: owner });
    expect([missing.status, errorCode(missing)]).toEqual([404, 'NoSuchKey']);
  });
});
