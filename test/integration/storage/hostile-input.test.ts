import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, rawS3 } from '../../support/raw-s3';
import { newStorageUser, type StorageCredentials, sdkClient, uniqueBucket } from '../../support/storage-clients';

/** Inputs a hostile client sends that once reached a 500: each must be a 4xx S3 error, in S3 XML. */
let user: StorageCredentials;
const bucket = uniqueBucket('hostile');

beforeAll(async () => {
  user = await newStorageUser('hostile');
  expect((await rawS3({ method: 'PUT', path: `/${bucket}`, as: user })).status).toBe(200);
});

describe('hostile input to the storage surface', () => {
  it('a key over 1,024 bytes on GET, HEAD and DELETE is KeyTooLongError, as on PUT', async () => {
    const path = `/${bucket}/${'k'.repeat(1100)}`;
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const response = await rawS3({ method, path, as: user, ...(method === 'PUT' ? { body: 'x' } : {}) });
      expect([method, response.status, errorCode(response)]).toEqual([method, 400, 'KeyTooLongError']);
    }
    const head = await rawS3({ method: 'HEAD', path, as: user });
    expect([head.status, head.headers['x-amz-error-code']]).toEqual([400, 'KeyTooLongError']);
  });

  it.each([
    [
      'a DOCTYPE with an external entity',
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><VersioningConfiguration><Status>&e;</Status></VersioningConfiguration>',
    ],
    [
      'a DOCTYPE with an internal entity',
      '<!DOCTYPE x [<!ENTITY e "Enabled">]><VersioningConfiguration><Status>&e;</Status></VersioningConfiguration>',
    ],
    ['a __proto__ element', '<VersioningConfiguration><__proto__><Status>Enabled</Status></__proto__></VersioningConfiguration>'],
    ['20,000-deep nesting', `${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}`],
    ['an ACL document', '<AccessControlPolicy><Owner><ID>x</ID></Owner><AccessControlList/></AccessControlPolicy>'],
    ['not XML at all', 'Enabled'],
  ])('PUT ?versioning with %s is 400 MalformedXML', async (_, body) => {
    const response = await rawS3({ method: 'PUT', path: `/${bucket}`, query: { versioning: '' }, body, as: user });
    expect([response.status, errorCode(response)]).toEqual([400, 'MalformedXML']);
  });

  it.each([
    ['a DOCTYPE', '<!DOCTYPE x [<!ENTITY e "y">]><AccessControlPolicy/>', 'MalformedXML'],
    ['a __proto__ element', '<AccessControlPolicy><__proto__><Owner/></__proto__></AccessControlPolicy>', 'MalformedXML'],
    [
      '20,000-deep nesting',
      `<AccessControlPolicy>${'<a>'.repeat(20_000)}${'</a>'.repeat(20_000)}</AccessControlPolicy>`,
      'MalformedXML',
    ],
  ])('PUT ?acl with %s is refused with a 400', async (_, body, code) => {
    const response = await rawS3({ method: 'PUT', path: `/${bucket}`, query: { acl: '' }, body, as: user });
    expect([response.status, errorCode(response)]).toEqual([400, code]);
  });

  it('an XML body larger than any S3 document is MaxMessageLengthExceeded', async () => {
    const body = `<VersioningConfiguration><Status>Enabled</Status>${' '.repeat(3 * 1024 * 1024)}</VersioningConfiguration>`;
    const response = await rawS3({ method: 'PUT', path: `/${bucket}`, query: { versioning: '' }, body, as: user });
    expect([response.status, errorCode(response)]).toEqual([400, 'MaxMessageLengthExceeded']);
  });

  it('5,000 grants on PUT ?acl are refused (S3 allows 100), not a 500', async () => {
    const grant = `<Grant><Grantee xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="CanonicalUser"><ID>${user.id}</ID></Grantee><Permission>READ</Permission></Grant>`;
    const body = `<AccessControlPolicy><Owner><ID>${user.id}</ID></Owner><AccessControlList>${grant.repeat(5000)}</AccessControlList></AccessControlPolicy>`;
    const response = await rawS3({ method: 'PUT', path: `/${bucket}`, query: { acl: '' }, body, as: user });
    expect([response.status, errorCode(response)]).toEqual([400, 'MalformedACLError']);
  });

  it('a SigV2 access key of 4,000 characters is InvalidAccessKeyId', async () => {
    const response = await rawS3({
      method: 'GET',
      path: `/${bucket}`,
      headers: { authorization: `AWS ${'A'.repeat(4000)}:c2lnbmF0dXJl`, date: new Date().toUTCString() },
    });
    expect([response.status, errorCode(response)]).toEqual([403, 'InvalidAccessKeyId']);
  });

  it('a valid presigned URL with a second X-Amz-Signature appended is refused, not read by its first copy', async () => {
    await rawS3({ method: 'PUT', path: `/${bucket}/presigned.txt`, body: 'signed', as: user });
    const s3 = sdkClient(user);
    const url = new URL(
      await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: 'presigned.txt' }), { expiresIn: 60 }),
    );
    const path = `${url.pathname}${url.search}`;
    expect((await rawS3({ method: 'GET', path })).text).toBe('signed');
    const doubled = await rawS3({ method: 'GET', path: `${path}&X-Amz-Signature=${'0'.repeat(64)}` });
    expect([doubled.status, errorCode(doubled)]).toEqual([400, 'AuthorizationQueryParametersError']);
  });
});

describe('issue 23: what S3 refuses that was served', () => {
  it('a presigned URL valid for more than a week is 400 AuthorizationQueryParametersError, as on S3', async () => {
    await rawS3({ method: 'PUT', path: `/${bucket}/week.txt`, body: 'w', as: user });
    const url = new URL(
      await getSignedUrl(sdkClient(user), new GetObjectCommand({ Bucket: bucket, Key: 'week.txt' }), { expiresIn: 60 }),
    );
    url.searchParams.set('X-Amz-Expires', '609901');
    const response = await rawS3({ method: 'GET', path: `${url.pathname}${url.search}` });
    expect([response.status, errorCode(response)]).toEqual([400, 'AuthorizationQueryParametersError']);
    expect(response.text).toContain('X-Amz-Expires must be less than a week');
  });

  it('response-* overrides on an anonymous GET are 400 InvalidRequest; signed, they apply', async () => {
    await rawS3({ method: 'PUT', path: `/${bucket}/public.txt`, headers: { 'x-amz-acl': 'public-read' }, body: 'p', as: user });
    const overrides: Record<string, string>[] = [
      { 'response-content-type': 'text/html' },
      { 'response-content-disposition': 'attachment' },
    ];
    for (const query of overrides) {
      const anonymous = await rawS3({ method: 'GET', path: `/${bucket}/public.txt`, query });
      expect([anonymous.status, errorCode(anonymous)]).toEqual([400, 'InvalidRequest']);
      expect(anonymous.text).toContain('Request specific response headers cannot be used for anonymous GET requests.');
    }
    expect((await rawS3({ method: 'GET', path: `/${bucket}/public.txt` })).text).toBe('p');
    const signed = await rawS3({
      method: 'GET',
      path: `/${bucket}/public.txt`,
      query: { 'response-content-type': 'text/plain; charset=x-test' },
      as: user,
    });
    expect([signed.status, signed.headers['content-type']]).toEqual([200, 'text/plain; charset=x-test']);
  });

  it('user metadata over 2 KB is 400 MetadataTooLarge on PUT, multipart and copy, and nothing is stored', async () => {
    const big = Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`x-amz-meta-k${i}`, 'value-value']));
    const put = await rawS3({ method: 'PUT', path: `/${bucket}/meta.txt`, headers: big, body: 'm', as: user });
    expect([put.status, errorCode(put)]).toEqual([400, 'MetadataTooLarge']);
    expect((await rawS3({ method: 'HEAD', path: `/${bucket}/meta.txt`, as: user })).status).toBe(404);
    const upload = await rawS3({ method: 'POST', path: `/${bucket}/meta.txt`, query: { uploads: '' }, headers: big, as: user });
    expect([upload.status, errorCode(upload)]).toEqual([400, 'MetadataTooLarge']);
    const copy = await rawS3({
      method: 'PUT',
      path: `/${bucket}/meta-copy.txt`,
      headers: { ...big, 'x-amz-copy-source': `/${bucket}/public.txt`, 'x-amz-metadata-directive': 'REPLACE' },
      as: user,
    });
    expect([copy.status, errorCode(copy)]).toEqual([400, 'MetadataTooLarge']);
    // 2,048 bytes exactly is still accepted (key + value, UTF-8).
    const fits = await rawS3({
      method: 'PUT',
      path: `/${bucket}/meta.txt`,
      headers: { 'x-amz-meta-k': 'v'.repeat(2047) },
      body: 'm',
      as: user,
    });
    expect(fits.status).toBe(200);
  });
});

describe('issue 23: a key is data, dot segments included', () => {
  it.each(['../../v1/admin', '../v1/health', './x', 'a/../../b', '..'])(
    'PUT and GET of the key %s store and return it byte-exact',
    async (key) => {
      const path = `/${bucket}/${key}`;
      const put = await rawS3({ method: 'PUT', path, body: `body of ${key}`, as: user });
      expect(put.status).toBe(200);
      const get = await rawS3({ method: 'GET', path, as: user });
      expect([get.status, get.text]).toEqual([200, `body of ${key}`]);
      const listed = await rawS3({ method: 'GET', path: `/${bucket}`, query: { prefix: key }, as: user });
      expect(listed.text).toContain(`<Key>${key}</Key>`);
    },
  );
});
