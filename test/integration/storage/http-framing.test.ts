import { createHash, randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type RawRequest, rawS3, rawS3Headers } from '../../support/raw-s3';
import { type WireResponse, wireErrorCode, wireRequest } from '../../support/raw-wire';
import { newStorageUser, type StorageCredentials, uniqueBucket } from '../../support/storage-clients';

/**
 * HTTP framing as Ceph RGW answers S3 clients (the cases of ceph/s3-tests' test_headers.py), through
 * serverless offline and the project's HTTP layer on it (scripts/local/http-layer): what the HTTP layer answers by itself
 * on a storage path is an S3 XML error, never hapi's JSON or Node's bare 400/417.
 */
let user: StorageCredentials;
const bucket = uniqueBucket('framing');

beforeAll(async () => {
  user = await newStorageUser('framing');
  expect((await rawS3({ method: 'PUT', path: `/${bucket}`, as: user })).status).toBe(200);
});

/** A request written byte for byte; signed as `as` over the headers given (values such as '' or '-1' kept). */
async function wire(
  input: RawRequest & { halfClose?: boolean; continueTimeoutMs?: number; timeoutMs?: number },
): Promise<WireResponse> {
  const headers = await rawS3Headers(input);
  return wireRequest({ ...input, target: input.path, headers });
}

const expectS3Error = (response: WireResponse, status: number, code: string) => {
  expect([response.status, wireErrorCode(response)]).toEqual([status, code]);
  expect(response.headers['content-type']).toBe('application/xml');
  expect(response.body).toMatch(/<RequestId>[^<]+<\/RequestId>/);
};

const readBack = async (key: string) => (await rawS3({ method: 'GET', path: `/${bucket}/${key}`, as: user })).body;

describe('Transfer-Encoding: chunked without Content-Length', () => {
  it('stores the decoded body byte-exact (RGW accepts it; S3 would ask for aws-chunked)', async () => {
    const body = randomBytes(300 * 1024);
    const response = await rawS3({
      method: 'PUT',
      path: `/${bucket}/chunked.bin`,
      headers: { 'transfer-encoding': 'chunked', 'content-type': 'image/png' },
      body,
      as: user,
    });
    expect(response.status).toBe(200);
    expect(response.headers.etag).toBe(`"${createHash('md5').update(body).digest('hex')}"`);
    expect((await readBack('chunked.bin')).equals(body)).toBe(true);
  });

  it('writes the chunks as they come on the wire, an empty body included', async () => {
    const response = await wire({
      method: 'PUT',
      path: `/${bucket}/chunked-wire`,
      headers: { 'transfer-encoding': 'chunked', 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      body: '3\r\nbar\r\n4\r\n-baz\r\n0\r\n\r\n',
      as: user,
    });
    expect(response.status).toBe(200);
    expect((await readBack('chunked-wire')).toString()).toBe('bar-baz');
    const empty = await wire({
      method: 'PUT',
      path: `/${bucket}/chunked-empty`,
      headers: { 'transfer-encoding': 'chunked', 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      body: '0\r\n\r\n',
      as: user,
    });
    expect(empty.status).toBe(200);
    expect((await readBack('chunked-empty')).length).toBe(0);
  });

  it('still asks for a length when a PUT has neither Content-Length nor chunked framing', async () => {
    const response = await wire({ method: 'PUT', path: `/${bucket}/no-length`, as: user });
    expectS3Error(response, 411, 'MissingContentLength');
    // A body sent anyway without framing is not read as the object (test_object_create_bad_contentlength_none).
    const path = `/${bucket}/no-length`;
    const headers = await rawS3Headers({
      method: 'PUT',
      path,
      headers: { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      as: user,
    });
    expectS3Error(await wireRequest({ method: 'PUT', target: path, headers, body: 'bar' }), 411, 'MissingContentLength');
    expect((await rawS3({ method: 'HEAD', path, as: user })).status).toBe(404);
  });

  it('creates a bucket with no Content-Length (test_bucket_create_bad_contentlength_none)', async () => {
    expect((await wire({ method: 'PUT', path: `/${uniqueBucket('nolen')}`, as: user })).status).toBe(200);
  });

  it('answers malformed chunked framing, or chunked with a Content-Length, with S3 XML', async () => {
    const badChunk = await wire({
      method: 'PUT',
      path: `/${bucket}/bad-chunk`,
      headers: { 'transfer-encoding': 'chunked', 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      body: 'zz\r\nbar\r\n0\r\n\r\n',
      as: user,
    });
    expectS3Error(badChunk, 400, 'InvalidRequest');
    const both = await wire({
      method: 'PUT',
      path: `/${bucket}/both`,
      headers: { 'transfer-encoding': 'chunked', 'content-length': '3', 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      body: '3\r\nbar\r\n0\r\n\r\n',
      as: user,
    });
    expectS3Error(both, 400, 'InvalidRequest');
  });
});

describe('Expect', () => {
  it.each([['200'], ['']])('ignores Expect: %j on PutObject and CreateBucket, as RGW does', async (expectation) => {
    const put = await wire({
      method: 'PUT',
      path: `/${bucket}/expect`,
      headers: { expect: expectation },
      body: 'bar',
      as: user,
    });
    expect([put.status, put.interim]).toEqual([200, []]);
    expect((await readBack('expect')).toString()).toBe('bar');
    const created = await wire({ method: 'PUT', path: `/${uniqueBucket('expect')}`, headers: { expect: expectation }, as: user });
    expect(created.status).toBe(200);
  });

  it('sends 100 Continue to an authorised upload, then stores the body', async () => {
    const response = await wire({
      method: 'PUT',
      path: `/${bucket}/continued`,
      headers: { expect: '100-continue' },
      body: 'continued body',
      as: user,
    });
    expect([response.interim, response.status, response.bodySent]).toEqual([[100], 200, true]);
    expect((await readBack('continued')).toString()).toBe('continued body');
  });

  it('answers an unauthorised upload waiting for 100 Continue with the S3 403 before the body (RGW)', async () => {
    const anonymous = await wire({
      method: 'PUT',
      path: `/${bucket}/anonymous`,
      headers: { expect: '100-continue' },
      body: 'not yours',
    });
    expectS3Error(anonymous, 403, 'AccessDenied');
    expect([anonymous.interim, anonymous.bodySent]).toEqual([[], false]);
    const forged = await wire({
      method: 'PUT',
      path: `/${bucket}/forged`,
      headers: { expect: '100-continue' },
      body: 'not yours',
      as: { ...user, secretKey: 'not-the-secret' },
    });
    expectS3Error(forged, 403, 'SignatureDoesNotMatch');
    expect([forged.interim, forged.bodySent]).toEqual([[], false]);
    const noBucket = await wire({
      method: 'PUT',
      path: `/no-such-bucket-${Date.now()}/k`,
      headers: { expect: '100-continue' },
      body: 'nowhere',
      as: user,
    });
    expectS3Error(noBucket, 404, 'NoSuchBucket');
    expect(noBucket.bodySent).toBe(false);
    expect((await rawS3({ method: 'HEAD', path: `/${bucket}/forged`, as: user })).status).toBe(404);
  });

  it('refuses a declared body above the HTTP layer limit before 100 Continue, so the body is never sent', async () => {
    const response = await wire({
      method: 'PUT',
      path: `/${bucket}/huge`,
      headers: { expect: '100-continue', 'content-length': String(6 * 1024 ** 3), 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      body: 'never sent',
      as: user,
    });
    expectS3Error(response, 400, 'EntityTooLarge');
    expect([response.interim, response.bodySent]).toEqual([[], false]);
  });
});

describe('Content-Length (test_object_create_bad_contentlength_*, test_bucket_create_bad_contentlength_*)', () => {
  it.each([['-1'], [''], ['abc'], ['1.5']])('answers Content-Length %j with a 400 S3 error', async (length) => {
    const put = await wire({
      method: 'PUT',
      path: `/${bucket}/bad-length`,
      headers: { 'content-length': length },
      body: 'bar',
      as: user,
    });
    expectS3Error(put, 400, 'InvalidArgument');
    const create = await wire({
      method: 'PUT',
      path: `/${uniqueBucket('len')}`,
      headers: { 'content-length': length },
      as: user,
    });
    expectS3Error(create, 400, 'InvalidArgument');
  });

  it('answers a body cut short by the client with IncompleteBody', async () => {
    const response = await wire({
      method: 'PUT',
      path: `/${bucket}/short`,
      headers: { 'content-length': '10', 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      body: 'bar',
      halfClose: true,
      as: user,
    });
    expectS3Error(response, 400, 'IncompleteBody');
    expect((await rawS3({ method: 'HEAD', path: `/${bucket}/short`, as: user })).status).toBe(404);
  });

  it('answers a body that stops coming for 10 s with RequestTimeout', async () => {
    const response = await wire({
      method: 'PUT',
      path: `/${bucket}/stalled`,
      headers: { 'content-length': '10', 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      body: 'bar',
      as: user,
    });
    expectS3Error(response, 400, 'RequestTimeout');
  }, 30_000);

  it('checks Content-MD5 against the bytes Content-Length delimits (test_object_create_bad_contentlength_mismatch_below)', async () => {
    const response = await wire({
      method: 'PUT',
      path: `/${bucket}/below`,
      headers: {
        'content-length': '2',
        'content-md5': createHash('md5').update('bar').digest('base64'),
        'x-amz-content-sha256': 'UNSIGNED-PAYLOAD',
      },
      body: 'bar',
      as: user,
    });
    expectS3Error(response, 400, 'BadDigest');
  });
});

describe('answers of the HTTP layer itself are S3 XML on storage paths', () => {
  it('takes any Content-Type, as object metadata (hapi refused "foo" and a multipart without boundary)', async () => {
    for (const contentType of ['foo', 'multipart/form-data', '']) {
      const put = await rawS3({
        method: 'PUT',
        path: `/${bucket}/typed`,
        headers: { 'content-type': contentType },
        body: 'typed',
        as: user,
      });
      expect(put.status).toBe(200);
      const got = await rawS3({ method: 'GET', path: `/${bucket}/typed`, as: user });
      expect(got.text).toBe('typed');
    }
  });

  it('ignores a Cookie header hapi cannot parse', async () => {
    const response = await rawS3({ method: 'GET', path: `/${bucket}/typed`, headers: { cookie: 'a="b; ;;=x' }, as: user });
    expect([response.status, response.text]).toEqual([200, 'typed']);
  });

  it("refuses a declared body above what the host can carry with EntityTooLarge (S3 XML, not hapi's 413)", async () => {
    const response = await wire({
      method: 'PUT',
      path: `/${bucket}/too-large`,
      headers: { 'content-length': String(6 * 1024 ** 3), 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      as: user,
    });
    expectS3Error(response, 400, 'EntityTooLarge');
  });

  it("takes a body above hapi's former 10 MiB cap to the function, byte-exact", async () => {
    const body = randomBytes(11 * 1024 * 1024);
    const put = await rawS3({ method: 'PUT', path: `/${bucket}/big`, body, as: user });
    expect(put.status).toBe(200);
    const back = await rawS3({ method: 'GET', path: `/${bucket}/big`, as: user });
    expect(back.body.equals(body)).toBe(true);
  });

  it('answers an oversized header section with RequestHeaderSectionTooLarge', async () => {
    const response = await wire({ method: 'GET', path: `/${bucket}`, headers: { 'x-amz-meta-huge': 'x'.repeat(20_000) } });
    expectS3Error(response, 400, 'RequestHeaderSectionTooLarge');
  });

  it('answers a request line Node cannot parse with InvalidRequest', async () => {
    const response = await wireRequest({ method: 'PUT', target: `/${bucket}/a b`, headers: { host: 'localhost' } });
    expectS3Error(response, 400, 'InvalidRequest');
  });

  it('accepts an empty or missing User-Agent (test_object_create_bad_ua_*)', async () => {
    const empty = await wire({ method: 'PUT', path: `/${bucket}/ua`, headers: { 'user-agent': '' }, body: 'ua', as: user });
    expect(empty.status).toBe(200);
    const none = await wire({ method: 'PUT', path: `/${bucket}/ua`, body: 'ua', as: user });
    expect(none.status).toBe(200);
  });

  it('answers an empty or missing Authorization with AccessDenied (test_*_create_bad_authorization_*)', async () => {
    expectS3Error(
      await wire({ method: 'PUT', path: `/${bucket}/auth`, headers: { authorization: '' }, body: 'x' }),
      403,
      'AccessDenied',
    );
    expectS3Error(await wire({ method: 'PUT', path: `/${bucket}/auth`, body: 'x' }), 403, 'AccessDenied');
    const name = uniqueBucket('auth');
    expectS3Error(await wire({ method: 'PUT', path: `/${name}`, headers: { authorization: '' } }), 403, 'AccessDenied');
    expectS3Error(await wire({ method: 'PUT', path: `/${name}` }), 403, 'AccessDenied');
  });

  it('leaves the gateway surface under /v1 to its own answers', async () => {
    const response = await wireRequest({
      method: 'POST',
      target: '/v1/transacao',
      headers: { host: 'localhost', 'content-length': '-1' },
    });
    expect(response.status).toBe(400);
    expect(response.body).not.toContain('<Error>');
  });
});
