import {
  CompleteMultipartUploadCommand,
  CopyObjectCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteBucketWebsiteCommand,
  GetBucketWebsiteCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutBucketPolicyCommand,
  PutBucketWebsiteCommand,
  PutObjectCommand,
  PutPublicAccessBlockCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, type RawResponse, rawS3 } from '../../support/raw-s3';
import { newStorageUser, type StorageCredentials, s3ErrorName, sdkClient, uniqueBucket } from '../../support/storage-clients';

// The stack's default STORAGE_WEBSITE_HOST; the connection goes to 127.0.0.1 whatever the Host says.
const WEBSITE_HOST = 's3-website.localhost';

let owner: StorageCredentials;
let s3: S3Client;
let site: string;

const page = (title: string) => `<!doctype html><title>${title}</title><h1>${title}</h1>`;

/** A GET (or other method) on the website endpoint of a bucket: a raw request with the website Host. */
const website = (
  bucket: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; as?: StorageCredentials } = {},
) =>
  rawS3({
    method: options.method ?? 'GET',
    path,
    host: `${bucket}.${WEBSITE_HOST}`,
    headers: options.headers ?? {},
    ...(options.as ? { as: options.as } : {}),
  });

const put = (bucket: string, key: string, body: string, extra: Partial<ConstructorParameters<typeof PutObjectCommand>[0]> = {}) =>
  s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: 'text/html', ACL: 'public-read', ...extra }));

const expectHtmlError = (response: RawResponse, status: number, code: string) => {
  expect(response.status).toBe(status);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.text).toContain(`<li>Code: ${code}</li>`);
  expect(response.text).not.toContain('<?xml');
};

beforeAll(async () => {
  owner = await newStorageUser('website');
  s3 = sdkClient(owner);
  site = uniqueBucket('site');
  // public-read on the bucket lets anyone list it, so a missing key is a 404 (S3 answers 403 to those who may not list).
  await s3.send(new CreateBucketCommand({ Bucket: site, ACL: 'public-read' }));
  await Promise.all([
    put(site, 'index.html', page('home')),
    put(site, 'docs/index.html', page('docs')),
    put(site, 'docs/guide/index.html', page('guide')),
    put(site, '404.html', page('not here')),
    put(site, 'new/page.html', page('moved page')),
    put(site, 'private.html', page('secret'), { ACL: 'private' }),
  ]);
  await s3.send(
    new PutBucketWebsiteCommand({
      Bucket: site,
      WebsiteConfiguration: {
        IndexDocument: { Suffix: 'index.html' },
        ErrorDocument: { Key: '404.html' },
        RoutingRules: [
          { Condition: { KeyPrefixEquals: 'old/' }, Redirect: { ReplaceKeyPrefixWith: 'new/' } },
          {
            Condition: { KeyPrefixEquals: 'gone/', HttpErrorCodeReturnedEquals: '404' },
            Redirect: { Protocol: 'https', HostName: 'archive.example', ReplaceKeyWith: 'index.html', HttpRedirectCode: '302' },
          },
        ],
      },
    }),
  );
});

describe('?website configuration', () => {
  it('PUT/GET/DELETE through the SDK; GET without one is NoSuchWebsiteConfiguration; only the owner may', async () => {
    const bucket = uniqueBucket('site-cfg');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    expect(await s3ErrorName(s3.send(new GetBucketWebsiteCommand({ Bucket: bucket })))).toBe('NoSuchWebsiteConfiguration');
    const configuration = {
      IndexDocument: { Suffix: 'index.html' },
      ErrorDocument: { Key: 'error.html' },
      RoutingRules: [
        {
          Condition: { KeyPrefixEquals: 'docs/', HttpErrorCodeReturnedEquals: '404' },
          Redirect: {
            Protocol: 'https' as const,
            HostName: 'docs.example',
            ReplaceKeyPrefixWith: 'documents/',
            HttpRedirectCode: '307',
          },
        },
        { Redirect: { ReplaceKeyWith: 'elsewhere.html' } },
      ],
    };
    await s3.send(new PutBucketWebsiteCommand({ Bucket: bucket, WebsiteConfiguration: configuration }));
    const got = await s3.send(new GetBucketWebsiteCommand({ Bucket: bucket }));
    expect({ IndexDocument: got.IndexDocument, ErrorDocument: got.ErrorDocument, RoutingRules: got.RoutingRules }).toEqual(
      configuration,
    );
    const stranger = sdkClient(await newStorageUser('website-stranger'));
    expect(await s3ErrorName(stranger.send(new GetBucketWebsiteCommand({ Bucket: bucket })))).toBe('AccessDenied');
    expect(await s3ErrorName(stranger.send(new DeleteBucketWebsiteCommand({ Bucket: bucket })))).toBe('AccessDenied');
    await s3.send(new DeleteBucketWebsiteCommand({ Bucket: bucket }));
    expect(await s3ErrorName(s3.send(new GetBucketWebsiteCommand({ Bucket: bucket })))).toBe('NoSuchWebsiteConfiguration');
  });

  it('refuses what S3 refuses, and stores nothing', async () => {
    const bucket = uniqueBucket('site-bad');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const putXml = (inner: string) =>
      rawS3({
        method: 'PUT',
        path: `/${bucket}`,
        query: { website: '' },
        body: `<WebsiteConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${inner}</WebsiteConfiguration>`,
        as: owner,
      });
    const both = await putXml(
      '<RedirectAllRequestsTo><HostName>example.com</HostName></RedirectAllRequestsTo><IndexDocument><Suffix>index.html</Suffix></IndexDocument>',
    );
    expect([both.status, errorCode(both)]).toEqual([400, 'InvalidArgument']);
    const ruleWithoutRedirect = await putXml(
      '<IndexDocument><Suffix>index.html</Suffix></IndexDocument><RoutingRules><RoutingRule><Condition><KeyPrefixEquals>a/</KeyPrefixEquals></Condition></RoutingRule></RoutingRules>',
    );
    expect([ruleWithoutRedirect.status, errorCode(ruleWithoutRedirect)]).toEqual([400, 'MalformedXML']);
    for (const suffix of ['', 'a/index.html']) {
      const bad = await putXml(`<IndexDocument><Suffix>${suffix}</Suffix></IndexDocument>`);
      expect([bad.status, errorCode(bad)]).toEqual([400, 'InvalidArgument']);
    }
    const neither = await putXml('<ErrorDocument><Key>e.html</Key></ErrorDocument>');
    expect([neither.status, errorCode(neither)]).toEqual([400, 'InvalidArgument']);
    const badCode = await putXml(
      '<IndexDocument><Suffix>i.html</Suffix></IndexDocument><RoutingRules><RoutingRule><Redirect><HttpRedirectCode>200</HttpRedirectCode></Redirect></RoutingRule></RoutingRules>',
    );
    expect([badCode.status, errorCode(badCode)]).toEqual([400, 'InvalidArgument']);
    expect(await s3ErrorName(s3.send(new GetBucketWebsiteCommand({ Bucket: bucket })))).toBe('NoSuchWebsiteConfiguration');
  });
});

describe('the website endpoint', () => {
  it('serves the index document for / and for folders, and redirects a folder without its slash', async () => {
    const home = await website(site, '/');
    expect(home.status).toBe(200);
    expect(home.text).toBe(page('home'));
    expect(home.headers['content-type']).toBe('text/html');
    // The bucket's own origin: its pages run their scripts (no sandbox CSP as on the REST endpoint).
    expect(home.headers['content-security-policy']).toBeUndefined();
    expect((await website(site, '/docs/')).text).toBe(page('docs'));
    expect((await website(site, '/docs/guide/')).text).toBe(page('guide'));
    const folder = await website(site, '/docs/guide');
    expect([folder.status, folder.headers.location]).toEqual([302, '/docs/guide/']);
    const head = await website(site, '/docs/', { method: 'HEAD' });
    expect([head.status, head.headers['content-length'], head.body.length]).toEqual([200, String(page('docs').length), 0]);
  });

  it('answers a missing key with the error document and 404, a private object with it and 403', async () => {
    const missing = await website(site, '/no/such/page');
    expect([missing.status, missing.text]).toEqual([404, page('not here')]);
    const denied = await website(site, '/private.html');
    expect([denied.status, denied.text]).toEqual([403, page('not here')]);
    // Credentials are ignored on the website endpoint: the owner's signature does not open a private object.
    expect((await website(site, '/private.html', { as: owner })).status).toBe(403);
  });

  it('answers conditional and range requests as the REST endpoint does', async () => {
    const home = await website(site, '/index.html');
    const etag = String(home.headers.etag);
    expect((await website(site, '/', { headers: { 'if-none-match': etag } })).status).toBe(304);
    const range = await website(site, '/index.html', { headers: { range: 'bytes=0-8' } });
    expect([range.status, range.text, range.headers['content-range']]).toEqual([
      206,
      page('home').slice(0, 9),
      `bytes 0-8/${page('home').length}`,
    ]);
  });

  it('applies routing rules: a key prefix before the read, an error code after it', async () => {
    const moved = await website(site, '/old/page.html');
    expect([moved.status, moved.headers.location]).toEqual([301, `http://${site}.${WEBSITE_HOST}/new/page.html`]);
    const gone = await website(site, '/gone/thing');
    expect([gone.status, gone.headers.location]).toEqual([302, 'https://archive.example/index.html']);
  });

  it('redirects an object with x-amz-website-redirect-location, which the REST endpoint returns and validates', async () => {
    await put(site, 'shortcut', '', { WebsiteRedirectLocation: '/docs/' });
    const head = await s3.send(new HeadObjectCommand({ Bucket: site, Key: 'shortcut' }));
    expect(head.WebsiteRedirectLocation).toBe('/docs/');
    const redirected = await website(site, '/shortcut');
    expect([redirected.status, redirected.headers.location]).toEqual([301, '/docs/']);
    expect(await s3ErrorName(put(site, 'bad-shortcut', '', { WebsiteRedirectLocation: 'docs/' }))).toBe(
      'InvalidRedirectLocation',
    );
    expect(await s3ErrorName(s3.send(new GetObjectCommand({ Bucket: site, Key: 'bad-shortcut' })))).toBe('NoSuchKey');
    // A copy that replaces metadata and a multipart upload carry it too.
    await s3.send(
      new CopyObjectCommand({
        Bucket: site,
        Key: 'copied-shortcut',
        CopySource: `${site}/index.html`,
        MetadataDirective: 'REPLACE',
        WebsiteRedirectLocation: 'https://elsewhere.example/',
        ACL: 'public-read',
      }),
    );
    const copied = await website(site, '/copied-shortcut');
    expect([copied.status, copied.headers.location]).toEqual([301, 'https://elsewhere.example/']);
    const { UploadId } = await s3.send(
      new CreateMultipartUploadCommand({
        Bucket: site,
        Key: 'multi',
        WebsiteRedirectLocation: '/docs/guide/',
        ACL: 'public-read',
      }),
    );
    const part = await s3.send(new UploadPartCommand({ Bucket: site, Key: 'multi', UploadId, PartNumber: 1, Body: 'x' }));
    await s3.send(
      new CompleteMultipartUploadCommand({
        Bucket: site,
        Key: 'multi',
        UploadId,
        MultipartUpload: { Parts: [{ PartNumber: 1, ETag: part.ETag }] },
      }),
    );
    expect((await website(site, '/multi')).headers.location).toBe('/docs/guide/');
  });

  it('answers HTML errors: other methods 405, no bucket, no configuration, no error document', async () => {
    expectHtmlError(await website(site, '/index.html', { method: 'PUT' }), 405, 'MethodNotAllowed');
    expectHtmlError(await website(uniqueBucket('nobody'), '/'), 404, 'NoSuchBucket');
    const plain = uniqueBucket('site-plain');
    await s3.send(new CreateBucketCommand({ Bucket: plain, ACL: 'public-read' }));
    expectHtmlError(await website(plain, '/'), 404, 'NoSuchWebsiteConfiguration');
    await s3.send(
      new PutBucketWebsiteCommand({ Bucket: plain, WebsiteConfiguration: { IndexDocument: { Suffix: 'index.html' } } }),
    );
    await put(plain, 'private.html', 'secret', { ACL: 'private' });
    const denied = await website(plain, '/private.html');
    expectHtmlError(denied, 403, 'AccessDenied');
    expect(denied.text).toContain('<title>403 Forbidden</title>');
    expect(denied.text).not.toContain('secret');
    expectHtmlError(await website(plain, '/missing'), 404, 'NoSuchKey');
    // An error document that cannot be read: S3's page, with its second section.
    await s3.send(
      new PutBucketWebsiteCommand({
        Bucket: plain,
        WebsiteConfiguration: { IndexDocument: { Suffix: 'index.html' }, ErrorDocument: { Key: 'private.html' } },
      }),
    );
    const fallback = await website(plain, '/missing');
    expectHtmlError(fallback, 404, 'NoSuchKey');
    expect(fallback.text).toContain('An Error Occurred While Attempting to Retrieve a Custom Error Document');
  });

  it('reads through bucket policy and Block Public Access as an anonymous REST GET does', async () => {
    const bucket = uniqueBucket('site-policy');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await put(bucket, 'index.html', page('by policy'), { ACL: 'private' });
    await s3.send(
      new PutBucketWebsiteCommand({ Bucket: bucket, WebsiteConfiguration: { IndexDocument: { Suffix: 'index.html' } } }),
    );
    expect((await website(bucket, '/')).status).toBe(403);
    await s3.send(
      new PutBucketPolicyCommand({
        Bucket: bucket,
        Policy: JSON.stringify({
          Version: '2012-10-17',
          Statement: [{ Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: `arn:aws:s3:::${bucket}/*` }],
        }),
      }),
    );
    expect((await website(bucket, '/')).text).toBe(page('by policy'));
    // Without s3:ListBucket, a missing key is 403, as on S3's website endpoint.
    expect((await website(bucket, '/missing')).status).toBe(403);
    await s3.send(
      new PutPublicAccessBlockCommand({ Bucket: bucket, PublicAccessBlockConfiguration: { RestrictPublicBuckets: true } }),
    );
    expectHtmlError(await website(bucket, '/'), 403, 'AccessDenied');
  });

  it('redirects every path of a redirect-all bucket to the same path on its host', async () => {
    const bucket = uniqueBucket('site-moved');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    await s3.send(
      new PutBucketWebsiteCommand({
        Bucket: bucket,
        WebsiteConfiguration: { RedirectAllRequestsTo: { HostName: 'new.example', Protocol: 'https' } },
      }),
    );
    for (const path of ['/', '/a/b.html', '/folder/', '/q%20r']) {
      const response = await website(bucket, path);
      expect([response.status, response.headers.location]).toEqual([301, `https://new.example${path}`]);
    }
  });
});
