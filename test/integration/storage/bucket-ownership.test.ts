import {
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteBucketOwnershipControlsCommand,
  GetBucketOwnershipControlsCommand,
  GetObjectAclCommand,
  GetObjectCommand,
  GetPublicAccessBlockCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  PutBucketAclCommand,
  PutBucketOwnershipControlsCommand,
  PutObjectAclCommand,
  PutObjectCommand,
  PutPublicAccessBlockCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, type RawRequest, rawS3 } from '../../support/raw-s3';
import { newStorageUser, type StorageCredentials, s3ErrorName, sdkClient, uniqueBucket } from '../../support/storage-clients';

let owner: StorageCredentials;
let writer: StorageCredentials;
let s3: S3Client;
let s3Writer: S3Client;

beforeAll(async () => {
  owner = await newStorageUser('bucket-owner');
  writer = await newStorageUser('bucket-writer');
  s3 = sdkClient(owner);
  s3Writer = sdkClient(writer);
});

const ownerIdOf = async (client: S3Client, Bucket: string, Key: string) =>
  (await client.send(new GetObjectAclCommand({ Bucket, Key }))).Owner?.ID;

describe('x-amz-expected-bucket-owner', () => {
  it('is checked on every bucket and object operation: 403 AccessDenied unless it names the owner', async () => {
    const bucket = uniqueBucket('expected');
    await s3.send(new CreateBucketCommand({ Bucket: bucket, ACL: 'public-read-write' }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'k', Body: 'v' }));
    const operations: RawRequest[] = [
      { method: 'GET', path: `/${bucket}` },
      { method: 'HEAD', path: `/${bucket}` },
      { method: 'GET', path: `/${bucket}`, query: { acl: '' } },
      { method: 'GET', path: `/${bucket}`, query: { versions: '' } },
      { method: 'GET', path: `/${bucket}`, query: { uploads: '' } },
      { method: 'GET', path: `/${bucket}`, query: { tagging: '' } },
      { method: 'PUT', path: `/${bucket}`, query: { versioning: '' }, body: '<VersioningConfiguration/>' },
      { method: 'DELETE', path: `/${bucket}` },
      { method: 'PUT', path: `/${bucket}/new`, body: 'x' },
      { method: 'GET', path: `/${bucket}/k` },
      { method: 'HEAD', path: `/${bucket}/k` },
      { method: 'DELETE', path: `/${bucket}/k` },
      { method: 'GET', path: `/${bucket}/k`, query: { tagging: '' } },
      { method: 'POST', path: `/${bucket}/mp`, query: { uploads: '' } },
    ];
    for (const operation of operations) {
      for (const as of [owner, undefined]) {
        const wrong = await rawS3({ ...operation, as, headers: { 'x-amz-expected-bucket-owner': `${owner.id}x` } });
        expect([operation.method, operation.query, wrong.status], operation.path).toEqual([
          operation.method,
          operation.query,
          403,
        ]);
        if (operation.method !== 'HEAD') expect(errorCode(wrong)).toBe('AccessDenied');
      }
    }
    // The right owner's id passes; the object is still there, so none of the refused calls ran.
    const right = await rawS3({
      method: 'GET',
      path: `/${bucket}/k`,
      headers: { 'x-amz-expected-bucket-owner': owner.id },
      as: owner,
    });
    expect([right.status, right.text]).toEqual([200, 'v']);
    expect(await s3ErrorName(s3.send(new ListObjectsV2Command({ Bucket: bucket, ExpectedBucketOwner: writer.id })))).toBe(
      'AccessDenied',
    );
  });

  it('x-amz-source-expected-bucket-owner is checked against the source bucket of a copy', async () => {
    const source = uniqueBucket('src-owner');
    await s3Writer.send(new CreateBucketCommand({ Bucket: source, ACL: 'public-read' }));
    await s3Writer.send(new PutObjectCommand({ Bucket: source, Key: 'a', Body: 'a', ACL: 'public-read' }));
    const target = uniqueBucket('dst-owner');
    await s3.send(new CreateBucketCommand({ Bucket: target }));
    const copy = (ExpectedSourceBucketOwner: string) =>
      s3ErrorName(
        s3.send(
          new CopyObjectCommand({
            Bucket: target,
            Key: 'c',
            CopySource: `${source}/a`,
            ExpectedBucketOwner: owner.id,
            ExpectedSourceBucketOwner,
          }),
        ),
      );
    expect(await copy(owner.id)).toBe('AccessDenied');
    expect(await copy(writer.id)).toBe('succeeded');
  });
});

describe('ownership controls', () => {
  it('GET with none is 404 OwnershipControlsNotFoundError; PUT, GET and DELETE by the bucket owner', async () => {
    const bucket = uniqueBucket('ownctl');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const get = () => s3.send(new GetBucketOwnershipControlsCommand({ Bucket: bucket }));
    expect(await s3ErrorName(get())).toBe('OwnershipControlsNotFoundError');
    await s3.send(
      new PutBucketOwnershipControlsCommand({
        Bucket: bucket,
        OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] },
      }),
    );
    expect((await get()).OwnershipControls?.Rules).toEqual([{ ObjectOwnership: 'BucketOwnerPreferred' }]);
    expect(await s3ErrorName(s3Writer.send(new GetBucketOwnershipControlsCommand({ Bucket: bucket })))).toBe('AccessDenied');
    const bad = await rawS3({
      method: 'PUT',
      path: `/${bucket}`,
      query: { ownershipControls: '' },
      body: '<OwnershipControls><Rule><ObjectOwnership>Everyone</ObjectOwnership></Rule></OwnershipControls>',
      as: owner,
    });
    expect([bad.status, errorCode(bad)]).toEqual([400, 'MalformedXML']);
    await s3.send(new DeleteBucketOwnershipControlsCommand({ Bucket: bucket }));
    expect(await s3ErrorName(get())).toBe('OwnershipControlsNotFoundError');
  });

  it('BucketOwnerEnforced disables ACLs: objects belong to the bucket owner, ACLs other than bucket-owner-full-control are refused', async () => {
    const bucket = uniqueBucket('enforced');
    expect(
      await s3ErrorName(
        s3.send(new CreateBucketCommand({ Bucket: bucket, ObjectOwnership: 'BucketOwnerEnforced', ACL: 'public-read' })),
      ),
    ).toBe('InvalidBucketAclWithObjectOwnership');
    await s3.send(new CreateBucketCommand({ Bucket: bucket, ObjectOwnership: 'BucketOwnerEnforced' }));
    // Before ACLs went away the owner granted the writer WRITE; enforcing keeps the bucket's ACL deciding.
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'plain', Body: 'x' }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'bofc', Body: 'x', ACL: 'bucket-owner-full-control' }));
    for (const ACL of ['private', 'public-read'] as const) {
      expect(await s3ErrorName(s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'acl', Body: 'x', ACL })))).toBe(
        'AccessControlListNotSupported',
      );
    }
    const grant = await rawS3({
      method: 'PUT',
      path: `/${bucket}/g`,
      body: 'x',
      headers: { 'x-amz-grant-read': `id="${writer.id}"` },
      as: owner,
    });
    expect([grant.status, errorCode(grant)]).toEqual([400, 'AccessControlListNotSupported']);
    expect(
      await s3ErrorName(
        s3.send(new CopyObjectCommand({ Bucket: bucket, Key: 'c', CopySource: `${bucket}/plain`, ACL: 'private' })),
      ),
    ).toBe('AccessControlListNotSupported');
    expect(await s3ErrorName(s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'm', ACL: 'private' })))).toBe(
      'AccessControlListNotSupported',
    );
    expect(await s3ErrorName(s3.send(new PutBucketAclCommand({ Bucket: bucket, ACL: 'private' })))).toBe(
      'AccessControlListNotSupported',
    );
    expect(await s3ErrorName(s3.send(new PutObjectAclCommand({ Bucket: bucket, Key: 'plain', ACL: 'private' })))).toBe(
      'AccessControlListNotSupported',
    );
    expect(await ownerIdOf(s3, bucket, 'bofc')).toBe(owner.id);
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'm' }));
    expect((await s3.send(new ListPartsCommand({ Bucket: bucket, Key: 'm', UploadId }))).Owner?.ID).toBe(owner.id);

    // Switching an existing bucket: refused while its ACL is public, accepted once private.
    const shared = uniqueBucket('enforce-later');
    await s3.send(new CreateBucketCommand({ Bucket: shared, ACL: 'public-read-write' }));
    await s3Writer.send(new PutObjectCommand({ Bucket: shared, Key: 'theirs', Body: 'w', ACL: 'public-read' }));
    const enforce = () =>
      s3.send(
        new PutBucketOwnershipControlsCommand({
          Bucket: shared,
          OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
        }),
      );
    expect(await s3ErrorName(enforce())).toBe('InvalidBucketAclWithObjectOwnership');
    await s3.send(new PutBucketAclCommand({ Bucket: shared, ACL: 'private' }));
    await enforce();
    // The object's own public-read and its writer no longer count: the bucket's (private) ACL decides.
    expect((await rawS3({ method: 'GET', path: `/${shared}/theirs` })).status).toBe(403);
    expect(await s3ErrorName(s3Writer.send(new GetObjectCommand({ Bucket: shared, Key: 'theirs' })))).toBe('AccessDenied');
    const read = await s3.send(new GetObjectCommand({ Bucket: shared, Key: 'theirs' }));
    expect(await read.Body!.transformToString()).toBe('w');
  });

  it('BucketOwnerPreferred: objects written with bucket-owner-full-control belong to the bucket owner, others to their writer', async () => {
    const bucket = uniqueBucket('preferred');
    await s3.send(new CreateBucketCommand({ Bucket: bucket, ACL: 'public-read-write', ObjectOwnership: 'BucketOwnerPreferred' }));
    await s3Writer.send(new PutObjectCommand({ Bucket: bucket, Key: 'given', Body: 'x', ACL: 'bucket-owner-full-control' }));
    await s3Writer.send(new PutObjectCommand({ Bucket: bucket, Key: 'kept', Body: 'x' }));
    expect(await ownerIdOf(s3, bucket, 'given')).toBe(owner.id);
    expect(await ownerIdOf(s3Writer, bucket, 'kept')).toBe(writer.id);
    const { UploadId } = await s3Writer.send(
      new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'mp', ACL: 'bucket-owner-full-control' }),
    );
    expect((await s3Writer.send(new ListPartsCommand({ Bucket: bucket, Key: 'mp', UploadId }))).Owner?.ID).toBe(owner.id);
    // ObjectWriter (and no setting): the writer keeps its object whatever ACL it grants.
    await s3.send(
      new PutBucketOwnershipControlsCommand({
        Bucket: bucket,
        OwnershipControls: { Rules: [{ ObjectOwnership: 'ObjectWriter' }] },
      }),
    );
    await s3Writer.send(new PutObjectCommand({ Bucket: bucket, Key: 'writer', Body: 'x', ACL: 'bucket-owner-full-control' }));
    expect(await ownerIdOf(s3Writer, bucket, 'writer')).toBe(writer.id);
  });
});

describe('public access block', () => {
  it('BlockPublicAcls refuses public ACLs with 403; IgnorePublicAcls makes public grants count for nothing', async () => {
    const bucket = uniqueBucket('pab');
    await s3.send(new CreateBucketCommand({ Bucket: bucket, ACL: 'public-read' }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'pub', Body: 'p', ACL: 'public-read' }));
    expect(await s3ErrorName(s3.send(new GetPublicAccessBlockCommand({ Bucket: bucket })))).toBe(
      'NoSuchPublicAccessBlockConfiguration',
    );
    const block = (flags: { BlockPublicAcls?: boolean; IgnorePublicAcls?: boolean }) =>
      s3.send(
        new PutPublicAccessBlockCommand({
          Bucket: bucket,
          PublicAccessBlockConfiguration: { BlockPublicAcls: false, IgnorePublicAcls: false, BlockPublicPolicy: true, ...flags },
        }),
      );
    await block({ BlockPublicAcls: true });
    expect((await s3.send(new GetPublicAccessBlockCommand({ Bucket: bucket }))).PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      IgnorePublicAcls: false,
      BlockPublicPolicy: true,
      RestrictPublicBuckets: false,
    });
    for (const ACL of ['public-read', 'public-read-write', 'authenticated-read'] as const) {
      expect(await s3ErrorName(s3.send(new PutBucketAclCommand({ Bucket: bucket, ACL })))).toBe('AccessDenied');
      expect(await s3ErrorName(s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'x', Body: '', ACL })))).toBe('AccessDenied');
    }
    expect(await s3ErrorName(s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'x', Body: '', ACL: 'private' })))).toBe(
      'succeeded',
    );
    // Public grants already in place still count until IgnorePublicAcls.
    expect((await rawS3({ method: 'GET', path: `/${bucket}/pub` })).status).toBe(200);
    await block({ IgnorePublicAcls: true });
    expect((await rawS3({ method: 'GET', path: `/${bucket}/pub` })).status).toBe(403);
    expect(await s3ErrorName(s3Writer.send(new ListObjectsV2Command({ Bucket: bucket })))).toBe('AccessDenied');
    expect((await rawS3({ method: 'DELETE', path: `/${bucket}`, query: { publicAccessBlock: '' }, as: owner })).status).toBe(204);
    expect((await rawS3({ method: 'GET', path: `/${bucket}/pub` })).status).toBe(200);
  });
});
