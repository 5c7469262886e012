import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authenticate } from '../../../lib/storage/auth/request-authenticator';
import type { SigningInput } from '../../../lib/storage/auth/signing-input';
import { signV2, stringsToSignV2, stringToSignV2 } from '../../../lib/storage/auth/sigv2-signing';
import { canonicalRequest, signingKeyV4, signV4, stringToSignV4 } from '../../../lib/storage/auth/sigv4-signing';
import type { StorageError } from '../../../lib/storage/model/errors';
import { uriEncode } from '../../../lib/storage/model/uri-encoding';
import type { S3Request } from '../../../lib/storage/requests/s3-request';

const DOC_KEY = 'AKIAIOSFODNN7EXAMPLE';
const DOC_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const user = { id: 'doc', displayName: 'Doc', email: 'doc@example.com', accessKey: DOC_KEY, createdAt: '' };
const keys = { resolveAccessKey: async (key: string) => (key === DOC_KEY ? { user, secretKey: DOC_SECRET } : undefined) };

const input = (overrides: Partial<SigningInput>): SigningInput => ({
  method: 'GET',
  rawPath: '/',
  decodedPath: '/',
  query: [],
  headers: {},
  ...overrides,
});

describe('SigV4 (AWS test suite and S3 documentation vectors)', () => {
  it('get-vanilla from the SigV4 test suite', () => {
    const request = input({ headers: { host: ['example.amazonaws.com'], 'x-amz-date': ['20150830T123600Z'] } });
    const canonical = canonicalRequest(request, ['host', 'x-amz-date'], createHash('sha256').update('').digest('hex'));
    expect(canonical).toBe(
      'GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\ne3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
    );
    const scope = { date: '20150830', region: 'us-east-1', service: 'service' };
    const signature = signV4(
      signingKeyV4('wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', scope),
      stringToSignV4('20150830T123600Z', scope, canonical),
    );
    expect(signature).toBe('5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31');
  });

  const s3Scope = { date: '20130524', region: 'us-east-1', service: 's3' };
  const emptyHash = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
  const signDoc = (request: SigningInput, signed: string[]) =>
    signV4(
      signingKeyV4(DOC_SECRET, s3Scope),
      stringToSignV4('20130524T000000Z', s3Scope, canonicalRequest(request, signed, emptyHash)),
    );
  const docHeaders = {
    host: ['examplebucket.s3.amazonaws.com'],
    'x-amz-date': ['20130524T000000Z'],
    'x-amz-content-sha256': [emptyHash],
  };

  it('GET Object with a Range header (S3 docs)', () => {
    const request = input({ rawPath: '/test.txt', decodedPath: '/test.txt', headers: { ...docHeaders, range: ['bytes=0-9'] } });
    expect(signDoc(request, ['host', 'range', 'x-amz-content-sha256', 'x-amz-date'])).toBe(
      'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('GET Bucket lifecycle and list objects: sub-resources and sorted query parameters (S3 docs)', () => {
    const signed = ['host', 'x-amz-content-sha256', 'x-amz-date'];
    expect(signDoc(input({ query: [['lifecycle', '']], headers: docHeaders }), signed)).toBe(
      'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543',
    );
    expect(
      signDoc(
        input({
          query: [
            ['prefix', 'J'],
            ['max-keys', '2'],
          ],
          headers: docHeaders,
        }),
        signed,
      ),
    ).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });

  it('verifies and decodes the S3 docs aws-chunked upload (every chunk signature chained)', async () => {
    const data = Buffer.alloc(66560, 'a');
    const chunk = (size: number, signature: string, bytes: Buffer) =>
      Buffer.concat([Buffer.from(`${size.toString(16)};chunk-signature=${signature}\r\n`), bytes, Buffer.from('\r\n')]);
    const body = Buffer.concat([
      chunk(65536, 'ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648', data.subarray(0, 65536)),
      chunk(1024, '0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497', data.subarray(65536)),
      chunk(0, 'b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9', Buffer.alloc(0)),
    ]);
    const request: S3Request = {
      method: 'PUT',
      rawPath: '/examplebucket/chunkObject.txt',
      path: '/examplebucket/chunkObject.txt',
      host: 's3.amazonaws.com',
      bucket: 'examplebucket',
      key: 'chunkObject.txt',
      virtualHost: false,
      query: [],
      requestId: 'r',
      body,
      headers: {
        host: ['s3.amazonaws.com'],
        'x-amz-date': ['20130524T000000Z'],
        'x-amz-storage-class': ['REDUCED_REDUNDANCY'],
        'x-amz-content-sha256': ['STREAMING-AWS4-HMAC-SHA256-PAYLOAD'],
        'content-encoding': ['aws-chunked'],
        'x-amz-decoded-content-length': ['66560'],
        'content-length': ['66824'],
        authorization: [
          'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=content-encoding;content-length;host;x-amz-content-sha256;x-amz-date;x-amz-decoded-content-length;x-amz-storage-class,Signature=4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9',
        ],
      },
    };
    const at = new Date('2013-05-24T00:05:00Z');
    const result = await authenticate(request, keys, at);
    expect(result.principal).toEqual({ kind: 'user', user });
    expect(result.body.equals(data)).toBe(true);
    const tampered = Buffer.from(body);
    tampered[200] = 'b'.charCodeAt(0);
    await expect(authenticate({ ...request, body: tampered }, keys, at)).rejects.toMatchObject({ code: 'SignatureDoesNotMatch' });
    await expect(authenticate(request, keys, new Date('2013-05-24T00:20:01Z'))).rejects.toMatchObject({
      code: 'RequestTimeTooSkewed',
    });
  });

  it('UriEncodes every byte but the unreserved ones', () => {
    expect(uriEncode("a b+c/€!*'()", true)).toBe('a%20b%2Bc/%E2%82%AC%21%2A%27%28%29');
    expect(uriEncode('a/b')).toBe('a%2Fb');
  });
});

describe('SigV2 (S3 documentation examples)', () => {
  const at = (method: string, headers: Record<string, string[]>) =>
    input({
      method,
      rawPath: '/photos/puppy.jpg',
      decodedPath: '/photos/puppy.jpg',
      virtualHostBucket: 'awsexamplebucket1',
      headers,
    });

  it('object GET and PUT', () => {
    const get = stringToSignV2(at('GET', {}), 'Tue, 27 Mar 2007 19:36:42 +0000');
    expect(get).toBe('GET\n\n\nTue, 27 Mar 2007 19:36:42 +0000\n/awsexamplebucket1/photos/puppy.jpg');
    expect(signV2(DOC_SECRET, get)).toBe('qgk2+6Sv9/oM7G3qLEjTH1a1l1g=');
    const put = stringToSignV2(at('PUT', { 'content-type': ['image/jpeg'] }), 'Tue, 27 Mar 2007 21:15:45 +0000');
    expect(signV2(DOC_SECRET, put)).toBe('iqRzw+ileNPu1fhspnRs8nOjjIA=');
  });

  it('canonicalises x-amz headers and signed sub-resources', () => {
    const request = input({
      method: 'PUT',
      rawPath: '/bucket/key',
      query: [
        ['versionId', '3'],
        ['acl', ''],
        ['prefix', 'ignored'],
      ],
      headers: { 'x-amz-meta-b': ['2'], 'x-amz-meta-a': ['  1 '], 'content-md5': ['abc'] },
    });
    expect(stringToSignV2(request, '')).toBe('PUT\nabc\n\n\nx-amz-meta-a:1\nx-amz-meta-b:2\n/bucket/key?acl&versionId=3');
  });

  it('rejects a second mechanism and reports the StringToSign on a bad signature', async () => {
    const base: S3Request = {
      method: 'GET',
      rawPath: '/b/k',
      path: '/b/k',
      host: 'localhost',
      bucket: 'b',
      key: 'k',
      virtualHost: false,
      query: [['Signature', 'x']],
      headers: { authorization: [`AWS ${DOC_KEY}:x`], date: [new Date().toUTCString()] },
      body: Buffer.alloc(0),
      requestId: 'r',
    };
    await expect(authenticate(base, keys, new Date())).rejects.toMatchObject({ code: 'InvalidArgument' });
    const error = (await authenticate({ ...base, query: [] }, keys, new Date()).catch((e) => e)) as StorageError;
    expect(error.code).toBe('SignatureDoesNotMatch');
    expect(error.details.StringToSign).toMatch(/^GET\n\n\n.+\n\/b\/k$/);
  });

  const bucketRequest = (path: string, headers: Record<string, string[]>, query: [string, string][] = []): S3Request => ({
    method: 'PUT',
    rawPath: path,
    path,
    host: 'localhost',
    bucket: 'b',
    virtualHost: false,
    query,
    headers,
    body: Buffer.alloc(0),
    requestId: 'r',
  });
  const signedV2 = (path: string, signedPath: string, headers: Record<string, string[]>, query: [string, string][] = []) => {
    const request = bucketRequest(path, headers, query);
    const signature = signV2(
      DOC_SECRET,
      stringToSignV2({ ...request, decodedPath: signedPath, rawPath: signedPath }, headers.date?.[0] ?? ''),
    );
    return { ...request, headers: { ...headers, authorization: [`AWS ${DOC_KEY}:${signature}`] } };
  };

  it('signs a bucket request over the path as sent, and also accepts the `/bucket/` form', async () => {
    const date = new Date().toUTCString();
    const candidates = stringsToSignV2(
      { method: 'PUT', rawPath: '/b', decodedPath: '/b', bucketOnly: true, query: [['acl', '']], headers: {} },
      date,
    );
    expect(candidates).toEqual([`PUT\n\n\n${date}\n/b?acl`, `PUT\n\n\n${date}\n/b/?acl`]);
    for (const signedPath of ['/b', '/b/']) {
      const request = signedV2('/b', signedPath, { date: [date] }, [['acl', '']]);
      await expect(authenticate(request, keys, new Date())).resolves.toMatchObject({ principal: { kind: 'user' } });
    }
    const wrong = signedV2('/b', '/c', { date: [date] });
    const error = (await authenticate(wrong, keys, new Date()).catch((e) => e)) as StorageError;
    expect([error.code, error.details.StringToSign]).toEqual(['SignatureDoesNotMatch', `PUT\n\n\n${date}\n/b`]);
  });

  it('refuses a date before the epoch or an empty date as invalid (AccessDenied), a far one as skewed', async () => {
    const codeFor = async (headers: Record<string, string[]>) =>
      ((await authenticate(signedV2('/b', '/b', headers), keys, new Date()).catch((e) => e)) as StorageError).code;
    expect(await codeFor({ date: ['Tue, 07 Jul 1950 21:53:04 GMT'] })).toBe('AccessDenied');
    expect(await codeFor({ date: [new Date().toUTCString()], 'x-amz-date': ['Tue, 07 Jul 1950 21:53:04 GMT'] })).toBe(
      'AccessDenied',
    );
    expect(await codeFor({ date: [''] })).toBe('AccessDenied');
    expect(await codeFor({ date: [new Date().toUTCString()], 'x-amz-date': [''] })).toBe('AccessDenied');
    expect(await codeFor({ date: [new Date().toUTCString()], 'x-amz-date': ['Bad Date'] })).toBe('AccessDenied');
    expect(await codeFor({ date: ['Tue, 07 Jul 2010 21:53:04 GMT'] })).toBe('RequestTimeTooSkewed');
    expect(await codeFor({ date: ['Tue, 07 Jul 9999 21:53:04 GMT'] })).toBe('RequestTimeTooSkewed');
  });
});

describe('SigV4 presigned URLs: X-Amz-Expires and expiry', () => {
  const presigned = (expires: string, amzDate: string): S3Request => ({
    method: 'GET',
    rawPath: '/b/k',
    path: '/b/k',
    host: 'localhost',
    bucket: 'b',
    key: 'k',
    virtualHost: false,
    query: [
      ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
      ['X-Amz-Credential', `${DOC_KEY}/${amzDate.slice(0, 8)}/us-east-1/s3/aws4_request`],
      ['X-Amz-Date', amzDate],
      ['X-Amz-Expires', expires],
      ['X-Amz-SignedHeaders', 'host'],
      ['X-Amz-Signature', '0'.repeat(64)],
    ],
    headers: { host: ['localhost'] },
    body: Buffer.alloc(0),
    requestId: 'r',
  });
  const refusal = async (request: S3Request) => {
    const error = (await authenticate(request, keys, new Date()).catch((e) => e)) as StorageError;
    return [error.code, error.message];
  };
  const now = new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

  it("refuses X-Amz-Expires out of 1..604800 with S3's wording: 403 at or below zero, 400 over a week", async () => {
    expect(await refusal(presigned('0', now))).toEqual(['AccessDenied', 'X-Amz-Expires must be non-negative']);
    expect(await refusal(presigned('-7', now))).toEqual(['AccessDenied', 'X-Amz-Expires must be non-negative']);
    expect(await refusal(presigned('609901', now))).toEqual([
      'AuthorizationQueryParametersError',
      'X-Amz-Expires must be less than a week (in seconds) that is, the given X-Amz-Expires must be less than 604800 seconds',
    ]);
    expect((await refusal(presigned('soon', now)))[0]).toBe('AuthorizationQueryParametersError');
    expect((await refusal(presigned('604800', now)))[0]).toBe('SignatureDoesNotMatch');
  });

  it('refuses an expired URL', async () => {
    expect(await refusal(presigned('60', '20200101T000000Z'))).toEqual(['AccessDenied', 'Request has expired']);
  });
});
