import { CreateMultipartUploadCommand, PutObjectCommand, UploadPartCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, rawS3, rawS3Headers } from '../../support/raw-s3';
import { newStorageUser, type StorageCredentials, sdkClient, uniqueBucket } from '../../support/storage-clients';

/**
 * A SigV4 signature covers the request it was made for and nothing more: an `x-amz-*` header outside SignedHeaders is
 * 403 AccessDenied naming it, as on S3 (DESIGN §7.4). Before, a presigned PUT's holder could add
 * `x-amz-copy-source` and `x-amz-acl` and publish a copy of any private object of the signer.
 */
let owner: StorageCredentials;
const bucket = uniqueBucket('unsigned');

function pathOf(url: string): string {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

function headersNotSigned(text: string): string | undefined {
  return /<HeadersNotSigned>([^<]*)<\/HeadersNotSigned>/.exec(text)?.[1];
}

beforeAll(async () => {
  owner = await newStorageUser('unsigned');
  expect((await rawS3({ method: 'PUT', path: `/${bucket}`, as: owner })).status).toBe(200);
  expect((await rawS3({ method: 'PUT', path: `/${bucket}/secret.txt`, body: 'the secret', as: owner })).status).toBe(200);
});

describe('x-amz-* headers a SigV4 signature does not cover', () => {
  it('a presigned PUT replayed with x-amz-copy-source and x-amz-acl is refused, and nothing is published', async () => {
    const url = await getSignedUrl(sdkClient(owner), new PutObjectCommand({ Bucket: bucket, Key: 'slot-1' }), {
      expiresIn: 300,
    });
    const replay = await rawS3({
      method: 'PUT',
      path: pathOf(url),
      headers: { 'x-amz-copy-source': `/${bucket}/secret.txt`, 'x-amz-acl': 'public-read' },
      body: '',
    });
    expect([replay.status, errorCode(replay)]).toEqual([403, 'AccessDenied']);
    expect(replay.text).toContain('There were headers present in the request which were not signed');
    expect(headersNotSigned(replay.text)).toBe('x-amz-acl, x-amz-copy-source');
    const anonymous = await rawS3({ method: 'GET', path: `/${bucket}/slot-1` });
    expect(anonymous.status).not.toBe(200);
    expect(anonymous.text).not.toContain('the secret');
    expect((await rawS3({ method: 'GET', path: `/${bucket}/slot-1`, as: owner })).status).toBe(404);

    // The URL still does what it was made for.
    const upload = await rawS3({ method: 'PUT', path: pathOf(url), body: 'uploaded by the browser' });
    expect(upload.status).toBe(200);
    expect((await rawS3({ method: 'GET', path: `/${bucket}/slot-1`, as: owner })).text).toBe('uploaded by the browser');
    expect((await rawS3({ method: 'GET', path: `/${bucket}/slot-1` })).status).toBe(403);
  });

  it('a presigned PUT replayed with x-amz-grant-read for AllUsers is refused', async () => {
    const url = await getSignedUrl(sdkClient(owner), new PutObjectCommand({ Bucket: bucket, Key: 'slot-2' }), {
      expiresIn: 300,
    });
    const replay = await rawS3({
      method: 'PUT',
      path: pathOf(url),
      headers: { 'x-amz-grant-read': 'uri="http://acs.amazonaws.com/groups/global/AllUsers"' },
      body: 'public?',
    });
    expect([replay.status, errorCode(replay), headersNotSigned(replay.text)]).toEqual([403, 'AccessDenied', 'x-amz-grant-read']);
    expect((await rawS3({ method: 'GET', path: `/${bucket}/slot-2`, as: owner })).status).toBe(404);
  });

  it('a presigned UploadPart replayed with x-amz-copy-source (UploadPartCopy) is refused', async () => {
    const s3 = sdkClient(owner);
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: 'parts' }));
    const url = await getSignedUrl(s3, new UploadPartCommand({ Bucket: bucket, Key: 'parts', UploadId, PartNumber: 1 }), {
      expiresIn: 300,
    });
    const replay = await rawS3({
      method: 'PUT',
      path: pathOf(url),
      headers: { 'x-amz-copy-source': `/${bucket}/secret.txt` },
      body: '',
    });
    expect([replay.status, errorCode(replay), headersNotSigned(replay.text)]).toEqual([403, 'AccessDenied', 'x-amz-copy-source']);
  });

  it('a header-signed PUT with x-amz-acl added after signing is refused; signed, the same header is obeyed', async () => {
    const signed = await rawS3Headers({ method: 'PUT', path: `/${bucket}/added`, body: 'x', as: owner });
    const tampered = await rawS3({
      method: 'PUT',
      path: `/${bucket}/added`,
      headers: { ...signed, 'x-amz-acl': 'public-read' },
      body: 'x',
    });
    expect([tampered.status, errorCode(tampered), headersNotSigned(tampered.text)]).toEqual([403, 'AccessDenied', 'x-amz-acl']);
    expect((await rawS3({ method: 'GET', path: `/${bucket}/added`, as: owner })).status).toBe(404);

    const honest = await rawS3({
      method: 'PUT',
      path: `/${bucket}/added`,
      headers: { 'x-amz-acl': 'public-read' },
      body: 'x',
      as: owner,
    });
    expect(honest.status).toBe(200);
    expect((await rawS3({ method: 'GET', path: `/${bucket}/added` })).text).toBe('x');
  });

  it('x-amz-content-sha256 may travel unsigned on a presigned request, as S3 allows', async () => {
    const url = await getSignedUrl(sdkClient(owner), new PutObjectCommand({ Bucket: bucket, Key: 'hash' }), {
      expiresIn: 300,
    });
    const put = await rawS3({
      method: 'PUT',
      path: pathOf(url),
      headers: { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      body: 'ok',
    });
    expect(put.status).toBe(200);
  });
});
