import {
  CreateBucketCommand,
  DeleteBucketCorsCommand,
  GetBucketCorsCommand,
  PutBucketCorsCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, rawS3 } from '../../support/raw-s3';
import { newStorageUser, type StorageCredentials, s3ErrorName, sdkClient, uniqueBucket } from '../../support/storage-clients';

let owner: StorageCredentials;
let s3: S3Client;
let bucket: string;

const RULES = [
  {
    AllowedOrigins: ['https://app.example'],
    AllowedMethods: ['GET', 'PUT'],
    AllowedHeaders: ['content-type', 'x-amz-*'],
    ExposeHeaders: ['ETag'],
    MaxAgeSeconds: 600,
  },
  { AllowedOrigins: ['*.suffix'], AllowedMethods: ['GET'] },
  { AllowedOrigins: ['*'], AllowedMethods: ['HEAD'] },
];

beforeAll(async () => {
  owner = await newStorageUser('cors');
  s3 = sdkClient(owner);
  bucket = uniqueBucket('cors');
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'doc.txt', Body: 'cross-origin', ACL: 'public-read' }));
});

const preflight = (path: string, headers: Record<string, string>) => rawS3({ method: 'OPTIONS', path, headers });

describe('bucket CORS', () => {
  it('PUT/GET/DELETE ?cors through the SDK; GET without a configuration is 404 NoSuchCORSConfiguration', async () => {
    const other = uniqueBucket('cors-cfg');
    await s3.send(new CreateBucketCommand({ Bucket: other }));
    expect(await s3ErrorName(s3.send(new GetBucketCorsCommand({ Bucket: other })))).toBe('NoSuchCORSConfiguration');
    await s3.send(new PutBucketCorsCommand({ Bucket: other, CORSConfiguration: { CORSRules: RULES } }));
    const { CORSRules } = await s3.send(new GetBucketCorsCommand({ Bucket: other }));
    expect(CORSRules).toEqual([
      { ...RULES[0] },
      { AllowedOrigins: ['*.suffix'], AllowedMethods: ['GET'] },
      { AllowedOrigins: ['*'], AllowedMethods: ['HEAD'] },
    ]);
    // Only the owner configures it.
    const stranger = sdkClient(await newStorageUser('cors-stranger'));
    expect(await s3ErrorName(stranger.send(new GetBucketCorsCommand({ Bucket: other })))).toBe('AccessDenied');
    await s3.send(new DeleteBucketCorsCommand({ Bucket: other }));
    expect(await s3ErrorName(s3.send(new GetBucketCorsCommand({ Bucket: other })))).toBe('NoSuchCORSConfiguration');
  });

  it('refuses a rule without origins, an unsupported method and malformed XML', async () => {
    const put = (CORSRules: unknown) =>
      s3ErrorName(s3.send(new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: { CORSRules } as never })));
    expect(await put([{ AllowedOrigins: ['*'], AllowedMethods: ['PATCH'] }])).toBe('InvalidRequest');
    expect(await put([{ AllowedOrigins: [], AllowedMethods: ['GET'] }])).toBe('MalformedXML');
    const raw = await rawS3({
      method: 'PUT',
      path: `/${bucket}`,
      query: { cors: '' },
      body: '<CORSConfiguration><CORSRule>',
      as: owner,
    });
    expect([raw.status, errorCode(raw)]).toEqual([400, 'MalformedXML']);
  });

  it('answers preflights without authentication from the rules, and refuses what no rule allows', async () => {
    await s3.send(new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: { CORSRules: RULES } }));
    const allowed = await preflight(`/${bucket}/upload.bin`, {
      origin: 'https://app.example',
      'access-control-request-method': 'PUT',
      'access-control-request-headers': 'Content-Type, x-amz-meta-colour',
    });
    expect(allowed.status).toBe(200);
    expect(allowed.headers).toMatchObject({
      'access-control-allow-origin': 'https://app.example',
      'access-control-allow-methods': 'GET, PUT',
      'access-control-allow-headers': 'Content-Type, x-amz-meta-colour',
      'access-control-expose-headers': 'ETag',
      'access-control-max-age': '600',
    });
    const wildcard = await preflight(`/${bucket}`, { origin: 'https://www.suffix', 'access-control-request-method': 'GET' });
    expect([wildcard.status, wildcard.headers['access-control-allow-origin']]).toEqual([200, 'https://www.suffix']);
    const cases: [Record<string, string>, number, string][] = [
      [{}, 400, 'BadRequest'],
      [{ origin: 'https://app.example' }, 400, 'BadRequest'],
      [{ origin: 'https://evil.example', 'access-control-request-method': 'GET' }, 403, 'AccessForbidden'],
      [{ origin: 'https://app.example', 'access-control-request-method': 'DELETE' }, 403, 'AccessForbidden'],
      [
        { origin: 'https://app.example', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'x-other' },
        403,
        'AccessForbidden',
      ],
    ];
    for (const [headers, status, code] of cases) {
      const refused = await preflight(`/${bucket}/doc.txt`, headers);
      expect([refused.status, errorCode(refused), refused.headers['access-control-allow-origin']]).toEqual([
        status,
        code,
        undefined,
      ]);
    }
    const noConfig = uniqueBucket('cors-none');
    await s3.send(new CreateBucketCommand({ Bucket: noConfig }));
    const none = await preflight(`/${noConfig}`, { origin: 'https://app.example', 'access-control-request-method': 'GET' });
    expect([none.status, errorCode(none)]).toEqual([403, 'AccessForbidden']);
  });

  it('adds CORS headers to actual requests with an Origin, errors included, and only for a matching rule', async () => {
    await s3.send(new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: { CORSRules: RULES } }));
    const get = await rawS3({ method: 'GET', path: `/${bucket}/doc.txt`, headers: { origin: 'https://app.example' } });
    expect([get.status, get.text, get.headers['access-control-allow-origin']]).toEqual([
      200,
      'cross-origin',
      'https://app.example',
    ]);
    expect(get.headers['access-control-expose-headers']).toBe('ETag');
    const missing = await rawS3({ method: 'GET', path: `/${bucket}/nope`, headers: { origin: 'https://x.suffix' }, as: owner });
    expect([missing.status, missing.headers['access-control-allow-origin']]).toEqual([404, 'https://x.suffix']);
    const head = await rawS3({ method: 'HEAD', path: `/${bucket}/doc.txt`, headers: { origin: 'https://anyone.example' } });
    expect([head.status, head.headers['access-control-allow-origin']]).toEqual([200, '*']);
    const foreign = await rawS3({ method: 'GET', path: `/${bucket}/doc.txt`, headers: { origin: 'https://evil.example' } });
    expect([foreign.status, foreign.headers['access-control-allow-origin']]).toEqual([200, undefined]);
    const noOrigin = await rawS3({ method: 'GET', path: `/${bucket}/doc.txt` });
    expect(noOrigin.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a browser-style upload: preflight, then a presigned PUT with the Origin, readable cross-origin', async () => {
    await s3.send(new PutBucketCorsCommand({ Bucket: bucket, CORSConfiguration: { CORSRules: RULES } }));
    const url = new URL(
      await getSignedUrl(s3, new PutObjectCommand({ Bucket: bucket, Key: 'from-browser.txt', ContentType: 'text/plain' }), {
        expiresIn: 300,
      }),
    );
    const pre = await preflight(url.pathname, {
      origin: 'https://app.example',
      'access-control-request-method': 'PUT',
      'access-control-request-headers': 'content-type',
    });
    expect(pre.status).toBe(200);
    const response = await fetch(url, {
      method: 'PUT',
      body: 'uploaded by a page',
      headers: { origin: 'https://app.example', 'content-type': 'text/plain' },
    });
    expect([response.status, response.headers.get('access-control-allow-origin')]).toEqual([200, 'https://app.example']);
  });
});
