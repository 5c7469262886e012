import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ChecksumAlgorithm, computeChecksum } from '../../../lib/storage/model/checksum-algorithms';
import { S3_ERROR_CODES } from '../../../lib/storage/model/s3-error-codes';
import { REQUEST_HEADER_RULES, ruleFor } from '../../../lib/storage/requests/request-header-rules';
import { errorCode, type RawResponse, rawS3 } from '../../support/raw-s3';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, sdkClient, uniqueBucket } from '../../support/storage-clients';

const run = promisify(execFile);

/** The operations this service serves, by their S3 API names. */
const SERVED_OPERATIONS = [
  'ListBuckets',
  'CreateBucket',
  'DeleteBucket',
  'HeadBucket',
  'GetBucketLocation',
  'GetBucketAcl',
  'PutBucketAcl',
  'GetBucketVersioning',
  'PutBucketVersioning',
  'GetBucketRequestPayment',
  'PutBucketRequestPayment',
  'GetBucketCors',
  'PutBucketCors',
  'DeleteBucketCors',
  'DeleteObjects',
  'ListObjects',
  'ListObjectsV2',
  'ListObjectVersions',
  'ListMultipartUploads',
  'PutObject',
  'GetObject',
  'HeadObject',
  'DeleteObject',
  'CopyObject',
  'GetObjectAcl',
  'PutObjectAcl',
  'CreateMultipartUpload',
  'UploadPart',
  'UploadPartCopy',
  'CompleteMultipartUpload',
  'AbortMultipartUpload',
  'ListParts',
  'GetObjectTagging',
  'PutObjectTagging',
  'DeleteObjectTagging',
  'GetBucketTagging',
  'PutBucketTagging',
  'DeleteBucketTagging',
  'GetBucketOwnershipControls',
  'PutBucketOwnershipControls',
  'DeleteBucketOwnershipControls',
  'GetPublicAccessBlock',
  'PutPublicAccessBlock',
  'DeletePublicAccessBlock',
  'GetBucketEncryption',
  'PutBucketEncryption',
  'DeleteBucketEncryption',
  'GetObjectLockConfiguration',
  'PutObjectLockConfiguration',
  'GetObjectRetention',
  'PutObjectRetention',
  'GetObjectLegalHold',
  'PutObjectLegalHold',
  'GetObjectAttributes',
];

/** The operation a header is sent to: each builds its own fresh objects, so one header's effect never meets another's. */
type Operation =
  | 'put'
  | 'get'
  | 'copy'
  | 'create-bucket'
  | 'bucket-acl'
  | 'delete'
  | 'list'
  | 'create-upload'
  | 'part-copy'
  | 'abort'
  | 'complete'
  | 'signed'
  | 'copy-sse-c'
  | 'put-locked'
  | 'lock-configuration'
  | 'attributes';

interface Example {
  operation: Operation;
  /** The representative value; a function of the object the operation acts on when it needs one (sizes, dates). */
  value: string | ((object: { size: number; lastModified: string; etag: string }) => string);
  /** A value outside the rule's `values`, for rules that honour only some. */
  refusedValue?: string;
  /** Headers the operation needs beside this one (an SSE-C key goes with its algorithm and MD5). */
  with?: Record<string, string>;
}

const BODY = 'representative body';
/** A retention that ends soon: the locked test objects are not kept for years. */
const RETAIN_UNTIL = new Date(Date.now() + 120_000).toISOString();
const KMS = { 'x-amz-server-side-encryption': 'aws:kms' };
const KMS_KEY = { ...KMS, 'x-amz-server-side-encryption-aws-kms-key-id': 'testkey-1' };
const SSE_C_KEY = 'pO3upElrwuEXSoFwCfnZPdSsmt/xWeFa0N9KgDijwVs=';
const SSE_C_KEY_MD5 = 'DWygnHRtgiJ77HCm+1rvHw==';
const SSE_C = {
  'x-amz-server-side-encryption-customer-algorithm': 'AES256',
  'x-amz-server-side-encryption-customer-key': SSE_C_KEY,
  'x-amz-server-side-encryption-customer-key-md5': SSE_C_KEY_MD5,
};
const SOURCE_SSE_C = Object.fromEntries(
  Object.entries(SSE_C).map(([name, value]) => [`x-amz-copy-source-${name.slice(6)}`, value]),
);
/** The checksum of BODY with that algorithm: the value is computed when sent. */
const checksum = (algorithm: string): Example => ({ operation: 'put', value: algorithm });

/** One representative call per header of the registry: a header missing here fails the test, so the two stay in step. */
const EXAMPLES: Record<string, Example> = {
  'x-amz-date': { operation: 'signed', value: '' },
  'x-amz-content-sha256': { operation: 'signed', value: '' },
  'x-amz-decoded-content-length': { operation: 'signed', value: '' },
  'x-amz-trailer': { operation: 'signed', value: '' },
  'x-amz-security-token': { operation: 'get', value: 'FwoGZXIvYXdzEXAMPLE' },
  'x-amz-acl': { operation: 'put', value: 'public-read' },
  'x-amz-grant-read': { operation: 'bucket-acl', value: 'OWNER' },
  'x-amz-grant-write': { operation: 'bucket-acl', value: 'OWNER' },
  'x-amz-grant-read-acp': { operation: 'bucket-acl', value: 'OWNER' },
  'x-amz-grant-write-acp': { operation: 'bucket-acl', value: 'OWNER' },
  'x-amz-grant-full-control': { operation: 'bucket-acl', value: 'OWNER' },
  'x-amz-expected-bucket-owner': { operation: 'get', value: 'OWNER_ID' },
  'x-amz-source-expected-bucket-owner': { operation: 'copy', value: 'OWNER_ID' },
  'x-amz-object-ownership': { operation: 'create-bucket', value: 'ObjectWriter' },
  'x-amz-bucket-namespace': { operation: 'create-bucket', value: 'global', refusedValue: 'account-regional' },
  'x-amz-request-payer': { operation: 'get', value: 'requester' },
  'x-amz-meta-': { operation: 'put', value: 'blue' },
  'x-amz-tagging': { operation: 'put', value: 'a=1' },
  'x-amz-tagging-directive': { operation: 'copy', value: 'REPLACE' },
  'x-amz-metadata-directive': { operation: 'copy', value: 'REPLACE' },
  'x-amz-copy-source': { operation: 'copy', value: 'SOURCE' },
  'x-amz-copy-source-range': { operation: 'part-copy', value: 'bytes=0-3' },
  'x-amz-copy-source-if-match': { operation: 'copy', value: (object) => `"${object.etag}"` },
  'x-amz-copy-source-if-none-match': { operation: 'copy', value: '"another"' },
  'x-amz-copy-source-if-modified-since': { operation: 'copy', value: 'Mon, 01 Jan 2001 00:00:00 GMT' },
  'x-amz-copy-source-if-unmodified-since': { operation: 'copy', value: 'Fri, 01 Jan 2100 00:00:00 GMT' },
  'x-amz-if-match-size': { operation: 'delete', value: (object) => String(object.size) },
  'x-amz-if-match-last-modified-time': { operation: 'delete', value: (object) => object.lastModified },
  'x-amz-if-match-initiated-time': { operation: 'abort', value: 'Mon, 01 Jan 2001 00:00:00 GMT' },
  'x-amz-write-offset-bytes': { operation: 'put', value: '0' },
  'x-amz-storage-class': { operation: 'put', value: 'STANDARD', refusedValue: 'GLACIER' },
  'x-amz-website-redirect-location': { operation: 'put', value: '/elsewhere' },
  'x-amz-mfa': { operation: 'delete', value: 'arn:aws:iam::123456789012:mfa/user 123456' },
  'x-amz-optional-object-attributes': { operation: 'list', value: 'RestoreStatus' },
  'x-amz-checksum-crc32': checksum('crc32'),
  'x-amz-checksum-crc32c': checksum('crc32c'),
  'x-amz-checksum-crc64nvme': checksum('crc64nvme'),
  'x-amz-checksum-sha1': checksum('sha1'),
  'x-amz-checksum-sha256': checksum('sha256'),
  'x-amz-checksum-md5': { operation: 'put', value: 'AAAAAAAAAAAAAAAAAAAAAA==' },
  'x-amz-checksum-sha512': { operation: 'put', value: 'AAAA' },
  'x-amz-checksum-xxhash3': { operation: 'put', value: 'AAAAAAAAAAA=' },
  'x-amz-checksum-xxhash64': { operation: 'put', value: 'AAAAAAAAAAA=' },
  'x-amz-checksum-xxhash128': { operation: 'put', value: 'AAAAAAAAAAAAAAAAAAAAAA==' },
  'x-amz-sdk-checksum-algorithm': { operation: 'put', value: 'CRC32' },
  'x-amz-checksum-algorithm': { operation: 'copy', value: 'SHA256' },
  'x-amz-checksum-mode': { operation: 'get', value: 'ENABLED' },
  'x-amz-checksum-type': { operation: 'create-upload', value: 'FULL_OBJECT', with: { 'x-amz-checksum-algorithm': 'CRC32' } },
  'x-amz-object-attributes': { operation: 'attributes', value: 'ETag,ObjectSize' },
  'x-amz-max-parts': { operation: 'attributes', value: '2', with: { 'x-amz-object-attributes': 'ObjectParts' } },
  'x-amz-part-number-marker': { operation: 'attributes', value: '1', with: { 'x-amz-object-attributes': 'ObjectParts' } },
  'x-amz-mp-object-size': { operation: 'complete', value: '4' },
  'x-amz-server-side-encryption': { operation: 'put', value: 'AES256' },
  'x-amz-server-side-encryption-aws-kms-key-id': { operation: 'put', value: 'testkey-1', with: KMS },
  'x-amz-server-side-encryption-bucket-key-enabled': { operation: 'put', value: 'true', with: KMS_KEY },
  'x-amz-server-side-encryption-context': { operation: 'put', value: 'e30=', with: KMS_KEY },
  'x-amz-server-side-encryption-customer-algorithm': { operation: 'put', value: 'AES256', with: SSE_C },
  'x-amz-server-side-encryption-customer-key': { operation: 'put', value: SSE_C_KEY, with: SSE_C },
  'x-amz-server-side-encryption-customer-key-md5': { operation: 'put', value: SSE_C_KEY_MD5, with: SSE_C },
  'x-amz-copy-source-server-side-encryption-customer-algorithm': { operation: 'copy-sse-c', value: 'AES256', with: SOURCE_SSE_C },
  'x-amz-copy-source-server-side-encryption-customer-key': { operation: 'copy-sse-c', value: SSE_C_KEY, with: SOURCE_SSE_C },
  'x-amz-copy-source-server-side-encryption-customer-key-md5': {
    operation: 'copy-sse-c',
    value: SSE_C_KEY_MD5,
    with: SOURCE_SSE_C,
  },
  'x-amz-object-lock-mode': {
    operation: 'put-locked',
    value: 'GOVERNANCE',
    with: { 'x-amz-object-lock-retain-until-date': RETAIN_UNTIL },
  },
  'x-amz-object-lock-retain-until-date': {
    operation: 'put-locked',
    value: RETAIN_UNTIL,
    with: { 'x-amz-object-lock-mode': 'GOVERNANCE' },
  },
  'x-amz-object-lock-legal-hold': { operation: 'put-locked', value: 'OFF' },
  'x-amz-bucket-object-lock-token': { operation: 'lock-configuration', value: 'token' },
  'x-amz-bypass-governance-retention': { operation: 'delete', value: 'true' },
  'x-amz-bucket-object-lock-enabled': { operation: 'create-bucket', value: 'true' },
};

let owner: StorageCredentials;
let s3: S3Client;
let bucket: string;
let counter = 0;

beforeAll(async () => {
  owner = await newStorageUser('header-rules');
  s3 = sdkClient(owner);
  bucket = uniqueBucket('hdr');
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'src', Body: BODY }));
});

/** Sends `header: value` (or, for the registry's x-amz-meta- prefix, one x-amz-meta-* header) with the operation. */
async function send(name: string, example: Example, rawValue: Example['value']): Promise<RawResponse> {
  const key = `k-${++counter}`;
  const headerName = name === 'x-amz-meta-' ? 'x-amz-meta-colour' : name;
  // A delete acts on a fresh src, and its conditions (size, Last-Modified) are read from that very object. Read before
  // the PUT, a PUT in the next second made x-amz-if-match-last-modified-time fail now and then (412).
  if (example.operation === 'delete') await rawS3({ method: 'PUT', path: `/${bucket}/src`, body: BODY, as: owner });
  const head = await rawS3({ method: 'HEAD', path: `/${bucket}/src`, as: owner });
  const object = {
    size: BODY.length,
    lastModified: String(head.headers['last-modified']),
    etag: String(head.headers.etag).replace(/"/g, ''),
  };
  let value = typeof rawValue === 'function' ? rawValue(object) : rawValue;
  value = value.replace('OWNER_ID', owner.id).replace('OWNER', `id="${owner.id}"`).replace('SOURCE', `/${bucket}/src`);
  if (name.startsWith('x-amz-checksum-') && value === name.slice('x-amz-checksum-'.length)) {
    value = computeChecksum(value as ChecksumAlgorithm, Buffer.from(BODY));
  }
  const headers: Record<string, string> = { ...example.with, [headerName]: value };
  const copySource = { 'x-amz-copy-source': `/${bucket}/src` };
  const upload = async (target: string) => {
    const created = await rawS3({ method: 'POST', path: `/${bucket}/${target}`, query: { uploads: '' }, as: owner });
    return /<UploadId>([^<]+)<\/UploadId>/.exec(created.text)![1]!;
  };
  switch (example.operation) {
    case 'put':
      return rawS3({ method: 'PUT', path: `/${bucket}/${key}`, body: BODY, headers, as: owner });
    case 'get':
      return rawS3({ method: 'GET', path: `/${bucket}/src`, headers, as: owner });
    case 'copy':
      return rawS3({ method: 'PUT', path: `/${bucket}/${key}`, headers: { ...copySource, ...headers }, as: owner });
    case 'create-bucket':
      return rawS3({ method: 'PUT', path: `/${uniqueBucket('hdrb')}`, headers, as: owner });
    case 'bucket-acl':
      return rawS3({ method: 'PUT', path: `/${bucket}`, query: { acl: '' }, headers, as: owner });
    case 'delete':
      return rawS3({ method: 'DELETE', path: `/${bucket}/src`, headers, as: owner }).finally(() =>
        rawS3({ method: 'PUT', path: `/${bucket}/src`, body: BODY, as: owner }),
      );
    case 'list':
      return rawS3({ method: 'GET', path: `/${bucket}`, query: { 'list-type': '2' }, headers, as: owner });
    case 'create-upload':
      return rawS3({ method: 'POST', path: `/${bucket}/${key}`, query: { uploads: '' }, headers, as: owner });
    case 'part-copy': {
      const uploadId = await upload(key);
      const query = { partNumber: '1', uploadId };
      return rawS3({ method: 'PUT', path: `/${bucket}/${key}`, query, headers: { ...copySource, ...headers }, as: owner });
    }
    case 'abort':
      return rawS3({ method: 'DELETE', path: `/${bucket}/${key}`, query: { uploadId: await upload(key) }, headers, as: owner });
    case 'complete': {
      const body = '<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>"x"</ETag></Part></CompleteMultipartUpload>';
      return rawS3({
        method: 'POST',
        path: `/${bucket}/${key}`,
        query: { uploadId: await upload(key) },
        headers,
        body,
        as: owner,
      });
    }
    case 'put-locked': {
      const locked = `${bucket}-lock`;
      await rawS3({ method: 'PUT', path: `/${locked}`, headers: { 'x-amz-bucket-object-lock-enabled': 'true' }, as: owner });
      return rawS3({ method: 'PUT', path: `/${locked}/${key}`, body: BODY, headers, as: owner });
    }
    case 'lock-configuration': {
      const body = '<ObjectLockConfiguration><ObjectLockEnabled>Enabled</ObjectLockEnabled></ObjectLockConfiguration>';
      return rawS3({ method: 'PUT', path: `/${bucket}`, query: { 'object-lock': '' }, headers, body, as: owner });
    }
    case 'copy-sse-c': {
      await rawS3({ method: 'PUT', path: `/${bucket}/src-sse-c`, body: BODY, headers: SSE_C, as: owner });
      const source = { 'x-amz-copy-source': `/${bucket}/src-sse-c` };
      return rawS3({ method: 'PUT', path: `/${bucket}/${key}`, headers: { ...source, ...headers }, as: owner });
    }
    case 'attributes':
      return rawS3({ method: 'GET', path: `/${bucket}/src`, query: { attributes: '' }, headers, as: owner });
    case 'signed':
      // Sent by the signer itself on every request (and the SDK's aws-chunked uploads): a signed PUT proves them.
      await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: BODY }));
      return rawS3({ method: 'PUT', path: `/${bucket}/${key}-raw`, body: BODY, as: owner });
  }
}

describe('the request header rules (issue 17: honoured or refused, never ignored)', () => {
  it("cover every x-amz-* request header of botocore's S3 model for the operations served", async () => {
    const script = join(import.meta.dirname, 'clients', 'botocore_request_headers.py');
    const { stdout } = await run('python3', [script, ...SERVED_OPERATIONS]);
    const defined = Object.keys(JSON.parse(stdout) as Record<string, string[]>).filter((name) => name.startsWith('x-amz-'));
    expect(defined.length).toBeGreaterThan(50);
    expect(defined.filter((name) => ruleFor(name) === undefined)).toEqual([]);
  });

  it('every header in the registry is honoured (2xx) or refused with its S3 error, as the registry says', async () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual(Object.keys(REQUEST_HEADER_RULES).sort());
    const outcomes: Record<string, [number, string | undefined]> = {};
    const expected: Record<string, [number, string | undefined]> = {};
    for (const [name, rule] of Object.entries(REQUEST_HEADER_RULES)) {
      const example = EXAMPLES[name]!;
      const response = await send(name, example, example.value);
      const refusedAlways = rule.refusal && !rule.values;
      outcomes[name] = [response.status, response.status >= 300 ? errorCode(response) : undefined];
      expected[name] = refusedAlways
        ? [S3_ERROR_CODES[rule.refusal!.code][0], rule.refusal!.code]
        : [response.status < 300 ? response.status : 200, undefined];
      if (rule.values && example.refusedValue !== undefined) {
        const refused = await send(name, example, example.refusedValue);
        outcomes[`${name}=${example.refusedValue}`] = [refused.status, errorCode(refused)];
        expected[`${name}=${example.refusedValue}`] = [S3_ERROR_CODES[rule.refusal!.code][0], rule.refusal!.code];
      }
    }
    expect(outcomes).toEqual(expected);
  });

  it('shows the effect of honoured headers: tags, metadata, the storage class and the ACL', async () => {
    const put = await rawS3({
      method: 'PUT',
      path: `/${bucket}/effects`,
      body: BODY,
      headers: {
        'x-amz-tagging': 'a=1&b=2',
        'x-amz-meta-colour': 'blue',
        'x-amz-storage-class': 'STANDARD',
        'x-amz-acl': 'public-read',
      },
      as: owner,
    });
    expect(put.status).toBe(200);
    const anonymous = await rawS3({ method: 'GET', path: `/${bucket}/effects` });
    expect([anonymous.status, anonymous.headers['x-amz-tagging-count'], anonymous.headers['x-amz-meta-colour']]).toEqual([
      200,
      '2',
      'blue',
    ]);
    const listing = await rawS3({ method: 'GET', path: `/${bucket}`, query: { 'list-type': '2', prefix: 'effects' }, as: owner });
    expect(listing.text).toContain('<StorageClass>STANDARD</StorageClass>');
    // A POST Object form's x-amz-* fields are held to the same rules.
    const form = new FormData();
    form.append('key', 'posted');
    form.append('x-amz-mp-object-size', '1');
    form.append('file', new Blob(['x']));
    const writable = uniqueBucket('hdrpost');
    await s3.send(new CreateBucketCommand({ Bucket: writable, ACL: 'public-read-write' }));
    const posted = await fetch(`${testStack().baseUrl}/${writable}`, { method: 'POST', body: form });
    expect([posted.status, /<Code>([^<]*)<\/Code>/.exec(await posted.text())?.[1]]).toEqual([501, 'NotImplemented']);
  });
});
