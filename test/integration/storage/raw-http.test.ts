import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, rawS3 } from '../../support/raw-s3';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, uniqueBucket } from '../../support/storage-clients';

let user: StorageCredentials;
const bucket = uniqueBucket('raw');

beforeAll(async () => {
  user = await newStorageUser('raw');
  expect((await rawS3({ method: 'PUT', path: `/${bucket}`, as: user })).status).toBe(200);
});

describe('S3 over raw HTTP: error paths, conditionals, virtual hosts', () => {
  it('answers errors as S3 XML with the request id, never a 5xx for bad input', async () => {
    const response = await rawS3({ method: 'GET', path: `/${bucket}/missing`, as: user });
    expect(response.status).toBe(404);
    expect(errorCode(response)).toBe('NoSuchKey');
    expect(response.text).toContain('<RequestId>');
    expect(response.headers['x-amz-request-id']).toBeTruthy();
    const head = await rawS3({ method: 'HEAD', path: `/${bucket}/missing`, as: user });
    expect(head.status).toBe(404);
    expect(head.body.length).toBe(0);
  });

  it('refuses anonymous bucket creation and unknown access keys, and reports the StringToSign', async () => {
    expect(errorCode(await rawS3({ method: 'PUT', path: `/${uniqueBucket('anon')}` }))).toBe('AccessDenied');
    const ghost = { ...user, accessKey: 'NOSUCHKEY00000000000' };
    expect(errorCode(await rawS3({ method: 'GET', path: '/', as: ghost }))).toBe('InvalidAccessKeyId');
    const wrong = await rawS3({ method: 'GET', path: '/', as: { ...user, secretKey: 'wrong-secret' } });
    expect(wrong.status).toBe(403);
    expect(errorCode(wrong)).toBe('SignatureDoesNotMatch');
    expect(wrong.text).toContain('<StringToSign>AWS4-HMAC-SHA256\n');
  });

  it('classifies malformed auth and skewed clocks', async () => {
    const malformed = await rawS3({ method: 'GET', path: '/', headers: { authorization: 'AWS4-HMAC-SHA256 Credential=x' } });
    expect([malformed.status, errorCode(malformed)]).toEqual([400, 'AuthorizationHeaderMalformed']);
    const old = new Date(Date.now() - 3600_000).toUTCString();
    const skewed = await rawS3({ method: 'GET', path: '/', headers: { authorization: `AWS ${user.accessKey}:abc`, date: old } });
    expect([skewed.status, errorCode(skewed)]).toEqual([403, 'RequestTimeTooSkewed']);
    const expired = await rawS3({
      method: 'GET',
      path: `/${bucket}/x`,
      query: { AWSAccessKeyId: user.accessKey, Expires: '1000', Signature: 'abc' },
    });
    expect(errorCode(expired)).toBe('AccessDenied');
    const both = await rawS3({ method: 'GET', path: '/', query: { Signature: 'x' }, headers: { authorization: 'AWS a:b' } });
    expect([both.status, errorCode(both)]).toEqual([400, 'InvalidArgument']);
  });

  it('maps bad XML, bad digests, oversize bodies, bad arguments and unsupported features to 4xx/501', async () => {
    const badXml = await rawS3({
      method: 'PUT',
      path: `/${uniqueBucket('xml')}`,
      body: '<CreateBucketConfiguration><oops',
      as: user,
    });
    expect([badXml.status, errorCode(badXml)]).toEqual([400, 'MalformedXML']);
    const md5 = createHash('md5').update('other').digest('base64');
    const bad = await rawS3({ method: 'PUT', path: `/${bucket}/d`, body: 'data', headers: { 'content-md5': md5 }, as: user });
    expect([bad.status, errorCode(bad)]).toEqual([400, 'BadDigest']);
    const invalid = await rawS3({
      method: 'PUT',
      path: `/${bucket}/d`,
      body: 'data',
      headers: { 'content-md5': 'zz' },
      as: user,
    });
    expect(errorCode(invalid)).toBe('InvalidDigest');
    for (const sub of ['inventory', 'replication', 'analytics']) {
      const response = await rawS3({ method: 'GET', path: `/${bucket}`, query: { [sub]: '' }, as: user });
      expect([response.status, errorCode(response)]).toEqual([501, 'NotImplemented']);
    }
    const two = await rawS3({ method: 'GET', path: `/${bucket}`, query: { location: '', acl: '' }, as: user });
    expect(errorCode(two)).toBe('InvalidArgument');
    const patch = await rawS3({ method: 'PATCH', path: `/${bucket}/k`, as: user });
    expect([patch.status, errorCode(patch)]).toEqual([405, 'MethodNotAllowed']);
    const huge = await rawS3({ method: 'GET', path: `/${bucket}`, headers: { 'x-amz-meta-big': 'x'.repeat(7000) }, as: user });
    expect(huge.status).toBeLessThan(500);
    const badRange = await rawS3({ method: 'GET', path: `/${bucket}`, query: { 'max-keys': '-1' }, as: user });
    expect(errorCode(badRange)).toBe('InvalidArgument');
  });

  it('answers conditional and ranged GETs, and response-* overrides', async () => {
    const put = await rawS3({ method: 'PUT', path: `/${bucket}/cond`, body: '0123456789', as: user });
    const etag = put.headers.etag as string;
    expect((await rawS3({ method: 'GET', path: `/${bucket}/cond`, headers: { 'if-none-match': etag }, as: user })).status).toBe(
      304,
    );
    expect((await rawS3({ method: 'GET', path: `/${bucket}/cond`, headers: { 'if-match': '"nope"' }, as: user })).status).toBe(
      412,
    );
    const future = new Date(Date.now() + 86400_000).toUTCString();
    expect(
      (await rawS3({ method: 'GET', path: `/${bucket}/cond`, headers: { 'if-modified-since': future }, as: user })).status,
    ).toBe(304);
    const ranged = await rawS3({ method: 'GET', path: `/${bucket}/cond`, headers: { range: 'bytes=-3' }, as: user });
    expect([ranged.status, ranged.text, ranged.headers['content-range']]).toEqual([206, '789', 'bytes 7-9/10']);
    const beyond = await rawS3({ method: 'GET', path: `/${bucket}/cond`, headers: { range: 'bytes=20-' }, as: user });
    expect([beyond.status, errorCode(beyond)]).toEqual([416, 'InvalidRange']);
    const overridden = await rawS3({
      method: 'GET',
      path: `/${bucket}/cond`,
      query: { 'response-content-type': 'text/html', 'response-content-disposition': 'inline' },
      as: user,
    });
    expect(overridden.headers['content-type']).toBe('text/html');
    expect(overridden.headers['content-disposition']).toBe('inline');
    // Served as HTML on our origin, the body still runs in an opaque origin and is not re-sniffed.
    expect(overridden.headers['content-security-policy']).toBe('sandbox');
    expect(overridden.headers['x-content-type-options']).toBe('nosniff');
    expect((await rawS3({ method: 'DELETE', path: `/${bucket}/cond`, as: user })).status).toBe(204);
    expect((await rawS3({ method: 'DELETE', path: `/${bucket}/cond`, as: user })).status).toBe(204);
  });

  it('serves virtual-host style requests decided by the Host header', async () => {
    const host = `${bucket}.localhost:${new URL(testStack().baseUrl).port}`;
    expect((await rawS3({ method: 'PUT', path: '/vh/key.txt', host, body: 'virtual', as: user })).status).toBe(200);
    const got = await rawS3({ method: 'GET', path: '/vh/key.txt', host, as: user });
    expect(got.text).toBe('virtual');
    expect((await rawS3({ method: 'GET', path: `/${bucket}/vh/key.txt`, as: user })).text).toBe('virtual');
    const listed = await rawS3({ method: 'GET', path: '/', host, query: { 'list-type': '2', prefix: 'vh/' }, as: user });
    expect(listed.text).toContain('<Key>vh/key.txt</Key>');
    const single = await rawS3({ method: 'GET', path: '/vh', host, as: user });
    expect(errorCode(single)).toBe('NoSuchKey');
  });

  it('keeps the gateway surface under /v1 working', async () => {
    const health = await fetch(`${testStack().baseUrl}/v1/health`);
    expect(health.status).toBe(200);
  });
});
