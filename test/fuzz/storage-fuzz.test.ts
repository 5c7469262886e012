import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, type RawRequest, rawS3 } from '../support/raw-s3';
import { newStorageUser, type StorageCredentials, uniqueBucket } from '../support/storage-clients';

/**
 * Generated hostile requests against the S3 surface: odd methods, bucket names, keys (any Unicode, percent-encoded,
 * over-long), sub-resources and query values, S3 headers with junk values, XML documents built from S3's own element
 * names (nested, repeated, with DOCTYPEs), random bytes, signed right, signed wrong or not at all.
 * Every answer must be S3's: no 500, no stack trace or internal name in a body, every refusal an S3 XML error.
 * 501 NotImplemented is allowed (DESIGN §5's answer for sub-resources we do not serve). A fixed seed, FUZZ_RUNS
 * requests (default 400 in `npm test`; `FUZZ_RUNS=10000 npx vitest run test/fuzz` for the full run).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 400);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const LEAKS = /\bat \S+ \(|\.ts:\d+|\.js:\d+|ValidationException|DynamoDB|TypeError|ReferenceError|node_modules/;

let user: StorageCredentials;
const bucket = uniqueBucket('fuzz');
const stats = { sent: 0, byStatus: new Map<number, number>() };

beforeAll(async () => {
  user = await newStorageUser('fuzz');
  expect((await rawS3({ method: 'PUT', path: `/${bucket}`, as: user })).status).toBe(200);
  expect((await rawS3({ method: 'PUT', path: `/${bucket}/existing.txt`, body: 'hello', as: user })).status).toBe(200);
});

const SUBRESOURCES = [
  'acl',
  'versioning',
  'versions',
  'uploads',
  'uploadId',
  'partNumber',
  'delete',
  'cors',
  'location',
  'requestPayment',
  'tagging',
  'lifecycle',
  'policy',
  'encryption',
  'object-lock',
  'retention',
  'legal-hold',
  'ownershipControls',
  'list-type',
  'prefix',
  'delimiter',
  'marker',
  'max-keys',
  'continuation-token',
  'versionId',
  'response-content-type',
  'X-Amz-Signature',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'AWSAccessKeyId',
  'Signature',
  'Expires',
  'encoding-type',
  'fetch-owner',
  'start-after',
  'key-marker',
  'upload-id-marker',
  'x-id',
];
const HEADERS = [
  'range',
  'if-match',
  'if-none-match',
  'if-modified-since',
  'if-unmodified-since',
  'content-md5',
  'content-type',
  'content-encoding',
  'expect',
  'x-amz-acl',
  'x-amz-grant-read',
  'x-amz-grant-full-control',
  'x-amz-copy-source',
  'x-amz-copy-source-range',
  'x-amz-metadata-directive',
  'x-amz-content-sha256',
  'x-amz-decoded-content-length',
  'x-amz-checksum-crc32',
  'x-amz-checksum-sha256',
  'x-amz-sdk-checksum-algorithm',
  'x-amz-request-payer',
  'x-amz-storage-class',
  'x-amz-date',
  'date',
  'authorization',
  'x-amz-meta-a',
  'origin',
  'access-control-request-method',
  'x-amz-server-side-encryption',
  'x-amz-tagging',
  'x-amz-object-lock-mode',
  'x-amz-expected-bucket-owner',
  'x-amz-bucket-object-lock-enabled',
  'x-amz-object-ownership',
];
const ELEMENTS = [
  'Delete',
  'Object',
  'Key',
  'VersionId',
  'Quiet',
  'AccessControlPolicy',
  'Owner',
  'ID',
  'AccessControlList',
  'Grant',
  'Grantee',
  'Permission',
  'URI',
  'EmailAddress',
  'VersioningConfiguration',
  'Status',
  'MfaDelete',
  'CORSConfiguration',
  'CORSRule',
  'AllowedOrigin',
  'AllowedMethod',
  'AllowedHeader',
  'MaxAgeSeconds',
  'CompleteMultipartUpload',
  'Part',
  'PartNumber',
  'ETag',
  'CreateBucketConfiguration',
  'LocationConstraint',
  'RequestPaymentConfiguration',
  'Payer',
  'Tagging',
  'TagSet',
  'Tag',
  'Value',
  '__proto__',
  'constructor',
];

/** Visible ASCII only: node's HTTP client refuses control characters in header values. */
const headerValue = fc.oneof(
  fc.string({ unit: fc.constantFrom(...' !"#$%&\'()*+,-./0123456789:;<=>?@AZaz[]^_`{|}~'.split('')), maxLength: 80 }),
  fc.constantFrom(
    'bytes=0-',
    'bytes=-1',
    'bytes=5-1',
    'bytes=0-0,2-3',
    '*',
    '"etag"',
    'Tue, 01 Jan 1980 00:00:00 GMT',
    'STREAMING-AWS4-HMAC-SHA256-PAYLOAD',
    'UNSIGNED-PAYLOAD',
    '100-continue',
    'AES256',
    'aws:kms',
    'GOVERNANCE',
    'public-read',
    'uri="http://acs.amazonaws.com/groups/global/AllUsers"',
    `${'9'.repeat(40)}`,
    'AWS a:b',
    '',
  ),
);
const xmlNode: fc.Memo<string> = fc.memo((depth) =>
  fc.oneof(
    { depthSize: 'small' },
    fc.string({ maxLength: 20 }).map((text) => text.replace(/[<&]/g, '')),
    fc
      .tuple(fc.constantFrom(...ELEMENTS), fc.array(depth > 0 ? xmlNode(depth - 1) : fc.constant(''), { maxLength: 4 }))
      .map(([name, children]) => `<${name}>${children.join('')}</${name}>`),
  ),
);
const body = fc.oneof(
  fc.constant(undefined),
  xmlNode(5),
  xmlNode(3).map((xml) => `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY e "x">]>${xml}`),
  fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
);
const key = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ maxLength: 40 }).map((text) => encodeURIComponent(text)),
  fc.constantFrom('existing.txt', '..', '.', '%', '%zz', 'a//b', 'k'.repeat(1100), `${'é'.repeat(600)}`),
);
const request: fc.Arbitrary<RawRequest> = fc
  .record({
    method: fc.constantFrom('GET', 'PUT', 'POST', 'DELETE', 'HEAD', 'OPTIONS', 'PATCH', 'PROPFIND'),
    path: fc.oneof(
      fc.constant('/'),
      fc.constantFrom(bucket, 'no-such-bucket-fuzz', 'Bad_Name', 'ab', 'x'.repeat(70), '127.0.0.1').map((b) => `/${b}`),
      key.map((k) => `/${bucket}/${encodeURI(k).replace(/\?/g, '%3F').replace(/#/g, '%23')}`),
    ),
    query: fc.dictionary(fc.constantFrom(...SUBRESOURCES), fc.oneof(fc.constant(''), fc.string({ maxLength: 30 })), {
      maxKeys: 3,
    }),
    headers: fc.dictionary(fc.constantFrom(...HEADERS), headerValue, { maxKeys: 4 }),
    body,
    signed: fc.constantFrom('right', 'none', 'wrong'),
  })
  .map(({ signed, body: payload, ...rest }) => ({
    ...rest,
    ...(payload === undefined ? {} : { body: payload }),
    ...(signed === 'none' ? {} : { as: signed === 'right' ? user : { ...user, secretKey: 'not-the-secret' } }),
  }));

describe('storage surface under generated hostile requests', () => {
  it(`answers ${RUNS} requests without a 500, a leak or a non-S3 error`, async () => {
    await fc.assert(
      fc.asyncProperty(request, async (input) => {
        let response: Awaited<ReturnType<typeof rawS3>>;
        try {
          response = await rawS3(input);
        } catch (error) {
          // The client itself refused to send it (e.g. a header value Node will not put on the wire): nothing to judge.
          if (error instanceof TypeError || (error as { code?: string }).code === 'ERR_INVALID_CHAR') return;
          throw error;
        }
        stats.sent++;
        stats.byStatus.set(response.status, (stats.byStatus.get(response.status) ?? 0) + 1);
        const where = `${input.method} ${input.path} ${JSON.stringify(input.query)} → ${response.status}: ${response.text.slice(0, 300)}`;
        expect(response.status, where).not.toBe(500);
        expect(response.status === 501 || response.status < 500, where).toBe(true);
        expect(LEAKS.test(response.text), where).toBe(false);
        if (response.status >= 400 && input.method !== 'HEAD') {
          expect(response.text, where).toMatch(/^<\?xml[^>]*>\s*<Error><Code>[A-Za-z0-9.]+<\/Code>/);
          expect(errorCode(response), where).toBeTruthy();
        }
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    console.log(`storage fuzz: ${stats.sent} requests sent; by status ${JSON.stringify(Object.fromEntries(stats.byStatus))}`);
  }, 600_000);
});
