import { SignatureV4 } from '@smithy/signature-v4';
import { describe, expect, it } from 'vitest';
import { DependencyUnavailableError } from '../../../../lib/http';
import { newSessionId, renderDocument, signSessionId, verifySessionCookie } from '../../../../lib/http/web';
import { renderConsoleError } from '../../../../lib/storage/console/http/console-endpoint';
import {
  attachmentDisposition,
  breadcrumbs,
  downloadName,
  folderOf,
  nameIn,
} from '../../../../lib/storage/console/objects/folder-path';
import { PRESIGNED_URL_SECONDS, presignedUrl } from '../../../../lib/storage/console/presign/presigned-url';
import { uploadPartBytes } from '../../../../lib/storage/console/uploads/browser-upload';
import { BucketPage } from '../../../../lib/storage/console/views/bucket-page';
import { ObjectPage } from '../../../../lib/storage/console/views/object-page';
import { StorageError } from '../../../../lib/storage/model/errors';
import { Sha256 } from '../../../support/sha256-checksum';

const MiB = 1024 * 1024;

describe('presigned URLs the console signs for its user', () => {
  const credentials = { accessKey: 'AKIDCONSOLE', secretKey: 'console/secret+key' };
  const now = new Date('2031-05-04T03:02:01Z');

  it.each([
    [
      'GET',
      'a bucket',
      'folder/ünïcødé key+(1)?.txt',
      { versionId: 'abc', 'response-content-disposition': 'attachment; filename="x"' },
    ],
    ['PUT', 'b', 'parts/big.bin', { partNumber: '2', uploadId: '0abc-def' }],
    ['POST', 'b', 'k', { uploadId: 'u1' }],
    ['DELETE', 'b', 'k/', { uploadId: 'u1' }],
  ] as const)(
    '%s: the same signature as the AWS SDK signer computes for the same request',
    async (method, bucket, key, query) => {
      const ours = new URL(
        presignedUrl({ method, host: '127.0.0.1:3000', bucket, key, query: { ...query } }, credentials, now),
        'http://127.0.0.1:3000',
      );
      const signer = new SignatureV4({
        service: 's3',
        region: 'us-east-1',
        credentials: { accessKeyId: credentials.accessKey, secretAccessKey: credentials.secretKey },
        sha256: Sha256,
        uriEscapePath: false,
      });
      const theirs = await signer.presign(
        {
          method,
          protocol: 'http:',
          hostname: '127.0.0.1',
          port: 3000,
          // RFC 3986 percent-encoding of every byte but the unreserved ones (encodeURIComponent keeps !'()*).
          path: `/${bucket}/${key}`.replace(/[^A-Za-z0-9\-._~/]/gu, (c) =>
            [...Buffer.from(c)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
          ),
          query: { ...query },
          // As @aws-sdk/s3-request-presigner does it: an unsigned payload, and only `host` signed.
          headers: { host: '127.0.0.1:3000', 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
        },
        {
          signingDate: now,
          expiresIn: PRESIGNED_URL_SECONDS,
          unsignableHeaders: new Set(['x-amz-content-sha256']),
          unhoistableHeaders: new Set(['x-amz-content-sha256']),
        },
      );
      expect(ours.searchParams.get('X-Amz-Signature')).toBe(theirs.query?.['X-Amz-Signature']);
      expect(decodeURIComponent(ours.pathname)).toBe(`/${bucket}/${key}`);
      expect(ours.searchParams.get('X-Amz-Credential')).toBe(`${credentials.accessKey}/20310504/us-east-1/s3/aws4_request`);
    },
  );

  it('puts the stage prefix in the URL but not in what is signed (the S3 API verifies the path without it)', () => {
    const plain = presignedUrl({ method: 'GET', host: 'h', bucket: 'b', key: 'k' }, credentials, now);
    const staged = presignedUrl({ method: 'GET', host: 'h', bucket: 'b', key: 'k', stagePrefix: '/sandbox' }, credentials, now);
    expect(staged).toBe(`/sandbox${plain}`);
  });
});

describe('folders, names and downloads', () => {
  it('turns prefixes into folders and breadcrumbs', () => {
    expect(folderOf(undefined)).toBe('');
    expect(folderOf('docs')).toBe('docs/');
    expect(folderOf('docs/2024/')).toBe('docs/2024/');
    expect(breadcrumbs('docs/2024/')).toEqual([
      { label: 'docs', prefix: 'docs/' },
      { label: '2024', prefix: 'docs/2024/' },
    ]);
    expect(breadcrumbs('')).toEqual([]);
    expect(breadcrumbs('a//')).toEqual([
      { label: 'a', prefix: 'a/' },
      { label: '(empty name)', prefix: 'a//' },
    ]);
    expect(nameIn('docs/', 'docs/a.txt')).toBe('a.txt');
  });

  it('saves a download under the key’s last segment, as an attachment, whatever the name holds', () => {
    expect(downloadName('docs/report.pdf')).toBe('report.pdf');
    expect(downloadName('folder/')).toBe('folder');
    expect(attachmentDisposition('a/"quoted"; ünï.txt')).toBe(
      `attachment; filename="_quoted__ _n_.txt"; filename*=UTF-8''%22quoted%22%3B%20%C3%BCn%C3%AF.txt`,
    );
    expect(attachmentDisposition('x\r\nSet-Cookie: a=b')).not.toMatch(/[\r\n]/);
  });
});

describe('browser upload part size', () => {
  it('is 8 MiB, or the stage’s single-request cap when smaller (a part is one request)', () => {
    expect(uploadPartBytes(384 * MiB)).toBe(8 * MiB);
    expect(uploadPartBytes(4 * MiB)).toBe(4 * MiB);
  });
});

describe('console session cookies', () => {
  it('are not valid admin cookies, nor the reverse', () => {
    const id = newSessionId();
    const consoleCookie = signSessionId('secret', 'console-session', id);
    expect(verifySessionCookie('secret', 'console-session', consoleCookie)).toBe(id);
    expect(verifySessionCookie('secret', 'admin-session', consoleCookie)).toBeUndefined();
  });
});

describe('pages show keys and metadata as text', () => {
  const xss = '<img src=x onerror=alert(1)>"\'&';
  const frame = { stage: 'sandbox' as const, base: '/v1/console', user: { displayName: xss, accessKey: 'AK', csrf: 't' } };
  const bucket = { name: 'b', ownerId: 'o', ownerDisplayName: xss, createdAt: '2031-01-01T00:00:00Z', location: '' };
  const record = {
    bucket: 'b',
    key: `${xss}/x`,
    blobId: 'blob',
    size: 3,
    etag: 'e',
    lastModified: '2031-01-01T00:00:00Z',
    ownerId: 'o',
    ownerDisplayName: xss,
    contentHeaders: { 'content-type': xss },
    userMetadata: { note: xss },
    versionId: 'null',
  };

  it('in a folder listing and on an object page, nothing a key, a name or metadata holds becomes markup', () => {
    const listing = renderDocument(
      <BucketPage
        {...frame}
        listing={{
          bucket,
          folder: `${xss}/`,
          search: xss,
          folders: [`${xss}/${xss}/`],
          objects: [{ ...record, key: `${xss}/${xss}` }],
          may: { upload: true, configure: true, changeAcl: true },
        }}
      />,
    );
    const details = renderDocument(
      <ObjectPage
        {...frame}
        details={{
          bucket,
          record,
          grants: [{ grantee: { type: 'CanonicalUser', id: 'o', displayName: xss }, permission: 'FULL_CONTROL' }],
          isPublic: false,
          versions: [
            { versionId: xss, isLatest: true, deleteMarker: false, size: 3, etag: 'e', lastModified: record.lastModified },
          ],
          may: { delete: true, changeAcl: true, restore: true },
        }}
      />,
    );
    for (const html of [listing, details]) {
      expect(html).not.toContain('<img');
      expect(html).toContain('&lt;img src=x onerror=alert(1)>');
    }
  });
});

describe('bucket notifications on the bucket page', () => {
  const frame = { stage: 'sandbox' as const, base: '/v1/console', user: { displayName: 'u', accessKey: 'AK', csrf: 't' } };
  const listing = (notification?: { id: string; topicArn: string; events: string[]; prefix?: string; suffix?: string }[]) =>
    renderDocument(
      <BucketPage
        {...frame}
        listing={{
          bucket: {
            name: 'b',
            ownerId: 'o',
            ownerDisplayName: 'o',
            createdAt: '2031-01-01T00:00:00Z',
            location: '',
            notification,
          },
          folder: '',
          search: '',
          folders: [],
          objects: [],
          may: { upload: true, configure: true, changeAcl: true },
        }}
      />,
    );

  it("shows each configuration's events, filters and topic (as text), and nothing without one", () => {
    const html = listing([
      { id: 'n<1>', topicArn: 'arn:aws:sns:us-east-1::t1', events: ['s3:ObjectCreated:*'], prefix: 'in/', suffix: '.txt' },
    ]);
    expect(html).toContain('<dt>Notifications</dt>');
    expect(html).toContain('n&lt;1>');
    expect(html).toContain('s3:ObjectCreated:*');
    expect(html).toContain('prefix &quot;in/&quot;');
    expect(html).toContain('arn:aws:sns:us-east-1::t1');
    expect(listing()).not.toContain('Notifications');
  });
});

describe('console error pages', () => {
  const request = { requestId: 'req-1', path: '/v1/console' };

  it('answer S3 errors with the API’s code and status, outages with 503 and Retry-After, anything else a bare 500', () => {
    const refused = renderConsoleError(new StorageError('BucketNotEmpty'), request);
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('BucketNotEmpty');
    expect(refused.body).toContain('The bucket you tried to delete is not empty');
    const outage = renderConsoleError(new DependencyUnavailableError(false), request);
    expect(outage.statusCode).toBe(503);
    expect(outage.headers?.['retry-after']).toBe('2');
    const bug = renderConsoleError(new Error('secret internals'), request);
    expect(bug.statusCode).toBe(500);
    expect(bug.body).not.toContain('secret internals');
    expect(bug.body).toContain('req-1');
  });
});
