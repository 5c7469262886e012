import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import {
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  GetObjectTorrentCommand,
  PutBucketPolicyCommand,
  PutBucketVersioningCommand,
  PutObjectCommand,
  type S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import parseTorrent from 'parse-torrent';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAwsClients } from '../../../lib/aws';
import { loadServiceConfig } from '../../../lib/config';
import { StorageError } from '../../../lib/storage';
import { handleS3Request } from '../../../lib/storage/http/s3-pipeline';
import { toS3Request } from '../../../lib/storage/http/s3-request-parser';
import { createStorageWiring } from '../../../lib/storage/storage-wiring';
import { apiEvent } from '../../support/api-event';
import { awsCli } from '../../support/cli-clients';
import { errorCode, rawS3, rawS3Headers } from '../../support/raw-s3';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, s3ErrorName, sdkClient, uniqueBucket } from '../../support/storage-clients';

const run = promisify(execFile);
const KiB = 1024;
const MiB = 1024 * KiB;
const { baseUrl } = testStack();
const bucket = uniqueBucket('torrent');
const versioned = uniqueBucket('torrent-v');
let owner: StorageCredentials;
let stranger: StorageCredentials;
let s3: S3Client;

beforeAll(async () => {
  [owner, stranger] = await Promise.all([newStorageUser('torrent'), newStorageUser('torrent-other')]);
  s3 = sdkClient(owner);
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  await s3.send(new CreateBucketCommand({ Bucket: versioned }));
  await s3.send(new PutBucketVersioningCommand({ Bucket: versioned, VersioningConfiguration: { Status: 'Enabled' } }));
});

/** What an independent decoder (parse-torrent) reads, checked against the object's bytes piece by piece. */
async function expectTorrentOf(file: Uint8Array, bytes: Buffer, expected: { name: string; webSeed: string }) {
  const torrent = await parseTorrent(Buffer.from(file));
  expect(torrent.name).toBe(expected.name);
  expect(torrent.length).toBe(bytes.length);
  expect(torrent.urlList).toEqual([expected.webSeed]);
  expect(torrent.announce).toEqual([]);
  expect(torrent.createdBy).toBe('gwstore');
  const { pieceLength } = torrent;
  expect(pieceLength).toBe(512 * KiB);
  const hashes = [];
  for (let offset = 0; offset < bytes.length; offset += pieceLength) {
    hashes.push(
      createHash('sha1')
        .update(bytes.subarray(offset, offset + pieceLength))
        .digest('hex'),
    );
  }
  expect(torrent.pieces).toEqual(hashes);
  expect(torrent.lastPieceLength).toBe(bytes.length % pieceLength || pieceLength);
  return torrent;
}

const sdkTorrent = async (client: S3Client, Bucket: string, Key: string) => {
  const answer = await client.send(new GetObjectTorrentCommand({ Bucket, Key }));
  return answer.Body!.transformToByteArray();
};

describe('GetObjectTorrent through real clients', () => {
  it('@aws-sdk/client-s3: a multi-piece object whose size is no multiple of the piece length; the same bytes every time', async () => {
    const bytes = randomBytes(3 * MiB + 12_345);
    const key = 'videos/2026/clip.bin';
    const put = await s3.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes }));
    expect(put.ETag).toBeDefined();
    const file = await sdkTorrent(s3, bucket, key);
    const torrent = await expectTorrentOf(file, bytes, {
      name: 'clip.bin',
      webSeed: `${baseUrl}/${bucket}/videos/2026/clip.bin`,
    });
    expect(torrent.pieces).toHaveLength(7);
    const head = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    expect(torrent.created).toEqual(new Date(Math.floor(head.LastModified!.getTime() / 1000) * 1000));
    await head.Body!.transformToByteArray();
    expect(Buffer.from(await sdkTorrent(s3, bucket, key))).toEqual(Buffer.from(file));
    // The HTTP answer: a .torrent attachment named after the key's last segment.
    const raw = await rawS3({ method: 'GET', path: `/${bucket}/${key}`, query: { torrent: '' }, as: owner });
    expect(raw.status).toBe(200);
    expect(raw.headers['content-type']).toBe('application/x-bittorrent');
    expect(raw.headers['content-disposition']).toBe(`attachment; filename="clip.bin.torrent"; filename*=UTF-8''clip.bin.torrent`);
    expect(raw.body).toEqual(Buffer.from(file));
  });

  it('aws-cli s3api get-object-torrent: a multipart object (pieces across part boundaries)', async () => {
    const key = 'multipart.bin';
    const parts = [randomBytes(5 * MiB), randomBytes(5 * MiB), randomBytes(777)];
    const { UploadId } = await s3.send(new CreateMultipartUploadCommand({ Bucket: bucket, Key: key }));
    const sent = [];
    for (const [index, Body] of parts.entries()) {
      const { ETag } = await s3.send(new UploadPartCommand({ Bucket: bucket, Key: key, UploadId, PartNumber: index + 1, Body }));
      sent.push({ PartNumber: index + 1, ETag });
    }
    await s3.send(new CompleteMultipartUploadCommand({ Bucket: bucket, Key: key, UploadId, MultipartUpload: { Parts: sent } }));
    const out = join(mkdtempSync(join(tmpdir(), 'torrent-cli-')), 'multipart.torrent');
    await awsCli(owner)('s3api', 'get-object-torrent', '--bucket', bucket, '--key', key, out);
    const torrent = await expectTorrentOf(readFileSync(out), Buffer.concat(parts), {
      name: 'multipart.bin',
      webSeed: `${baseUrl}/${bucket}/multipart.bin`,
    });
    expect(torrent.pieces).toHaveLength(21);
  });

  it('a version by versionId: its own pieces, and a web seed that names the version', async () => {
    const key = 'doc.txt';
    const first = randomBytes(MiB + 5);
    const { VersionId } = await s3.send(new PutObjectCommand({ Bucket: versioned, Key: key, Body: first }));
    const second = randomBytes(600 * KiB);
    await s3.send(new PutObjectCommand({ Bucket: versioned, Key: key, Body: second }));
    // GetObjectTorrent's API has no version id parameter; the query string carries it, as S3 reads it.
    const old = await rawS3({
      method: 'GET',
      path: `/${versioned}/${key}`,
      query: { torrent: '', versionId: VersionId! },
      as: owner,
    });
    expect(old.status).toBe(200);
    expect(old.headers['x-amz-version-id']).toBe(VersionId);
    await expectTorrentOf(old.body, first, { name: key, webSeed: `${baseUrl}/${versioned}/${key}?versionId=${VersionId}` });
    await expectTorrentOf(await sdkTorrent(s3, versioned, key), second, { name: key, webSeed: `${baseUrl}/${versioned}/${key}` });
  });

  it('a key ending in a slash: named after its last segment, its web seed ends in %2F and serves that key', async () => {
    const bytes = randomBytes(700 * KiB);
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'folder/', Body: bytes, ACL: 'public-read' }));
    const webSeed = `${baseUrl}/${bucket}/folder%2F`;
    await expectTorrentOf(await sdkTorrent(s3, bucket, 'folder/'), bytes, { name: 'folder', webSeed });
    // As a web seed client reads it: anonymously.
    const got = await rawS3({ method: 'GET', path: new URL(webSeed).pathname });
    expect(got.status).toBe(200);
    expect(got.body.equals(bytes)).toBe(true);
  });

  it('an SSE-S3 object: the pieces are the plaintext’s', async () => {
    const bytes = randomBytes(MiB + 99);
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'sealed.bin', Body: bytes, ServerSideEncryption: 'AES256' }));
    await expectTorrentOf(await sdkTorrent(s3, bucket, 'sealed.bin'), bytes, {
      name: 'sealed.bin',
      webSeed: `${baseUrl}/${bucket}/sealed.bin`,
    });
  });
});

/** Debian's aria2 downloads a torrent's file from its web seed alone: no tracker, DHT, peer exchange or local discovery. */
async function aria2Download(torrent: Uint8Array): Promise<Buffer> {
  const dir = mkdtempSync(join(tmpdir(), 'torrent-aria2-'));
  const file = join(dir, 'object.torrent');
  await writeFile(file, torrent);
  await run(
    'aria2c',
    [
      `--dir=${join(dir, 'out')}`,
      '--seed-time=0',
      '--enable-dht=false',
      '--enable-dht6=false',
      '--bt-enable-lpd=false',
      '--enable-peer-exchange=false',
      '--file-allocation=none',
      '--console-log-level=warn',
      '--summary-interval=0',
      '--stop=60',
      file,
    ],
    { timeout: 90_000 },
  );
  const { name } = await parseTorrent(Buffer.from(torrent));
  return readFileSync(join(dir, 'out', name));
}

describe('a real BitTorrent client', () => {
  it('aria2 downloads a public-read object, and an older version of it, from the web seed alone', async () => {
    const key = 'public/film.bin';
    const bytes = randomBytes(2 * MiB + 333);
    const { VersionId } = await s3.send(new PutObjectCommand({ Bucket: versioned, Key: key, Body: bytes, ACL: 'public-read' }));
    const latest = randomBytes(MiB + 4321);
    await s3.send(new PutObjectCommand({ Bucket: versioned, Key: key, Body: latest, ACL: 'public-read' }));
    // Anyone who may read the object may have its torrent; the web seed is read anonymously with ranged GETs.
    const current = await rawS3({ method: 'GET', path: `/${versioned}/${key}`, query: { torrent: '' } });
    expect(current.status).toBe(200);
    expect((await aria2Download(current.body)).equals(latest)).toBe(true);
    const old = await rawS3({ method: 'GET', path: `/${versioned}/${key}`, query: { torrent: '', versionId: VersionId! } });
    expect(old.status).toBe(200);
    expect((await aria2Download(old.body)).equals(bytes)).toBe(true);
  });

  it('an empty object: a torrent without pieces (as RGW writes one), from which aria2 makes the empty file', async () => {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'empty.txt', Body: Buffer.alloc(0), ACL: 'public-read' }));
    const answer = await torrentOf(`/${bucket}/empty.txt`);
    expect(answer.status).toBe(200);
    const torrent = await parseTorrent(answer.body);
    expect([torrent.name, torrent.length, torrent.pieces]).toEqual(['empty.txt', 0, []]);
    expect((await aria2Download(answer.body)).length).toBe(0);
  });
});

const torrentOf = (
  path: string,
  as?: StorageCredentials,
  query: Record<string, string> = {},
  headers: Record<string, string> = {},
) => rawS3({ method: 'GET', path, query: { torrent: '', ...query }, headers, ...(as ? { as } : {}) });

describe('GetObjectTorrent refusals, as GetObject answers them', () => {
  it('a missing key: NoSuchKey to those who may list, AccessDenied to others', async () => {
    const mine = await torrentOf(`/${bucket}/nothing-here`, owner);
    expect([mine.status, errorCode(mine), mine.headers['x-amz-delete-marker']]).toEqual([404, 'NoSuchKey', 'false']);
    const theirs = await torrentOf(`/${bucket}/nothing-here`, stranger);
    expect([theirs.status, errorCode(theirs)]).toEqual([403, 'AccessDenied']);
  });

  it("another user's private object: 403, as its GET", async () => {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'private.bin', Body: randomBytes(100) }));
    expect(await s3ErrorName(sdkTorrent(sdkClient(stranger), bucket, 'private.bin'))).toBe('AccessDenied');
    expect((await torrentOf(`/${bucket}/private.bin`)).status).toBe(403);
  });

  it('a delete marker: 404 with its headers, 405 when asked for by version id', async () => {
    const key = 'deleted.bin';
    await s3.send(new PutObjectCommand({ Bucket: versioned, Key: key, Body: randomBytes(100) }));
    const { VersionId: markerId } = await s3.send(new DeleteObjectCommand({ Bucket: versioned, Key: key }));
    const latest = await torrentOf(`/${versioned}/${key}`, owner);
    expect([latest.status, errorCode(latest), latest.headers['x-amz-delete-marker']]).toEqual([404, 'NoSuchKey', 'true']);
    const byId = await torrentOf(`/${versioned}/${key}`, owner, { versionId: markerId! });
    expect([byId.status, errorCode(byId), byId.headers['x-amz-delete-marker']]).toEqual([405, 'MethodNotAllowed', 'true']);
    // A version id that never was: whatever GET answers for it.
    for (const versionId of ['no-such-version', markerId!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))]) {
      const get = await rawS3({ method: 'GET', path: `/${versioned}/${key}`, query: { versionId }, as: owner });
      const torrent = await torrentOf(`/${versioned}/${key}`, owner, { versionId });
      expect([torrent.status, errorCode(torrent)]).toEqual([get.status, errorCode(get)]);
      expect(get.status).toBeGreaterThanOrEqual(400);
    }
  });

  it('an SSE-C object: 400 InvalidRequest with a clear message, even with its key', async () => {
    const key = randomBytes(32);
    const sseC = {
      SSECustomerAlgorithm: 'AES256',
      SSECustomerKey: key.toString('base64'),
      SSECustomerKeyMD5: createHash('md5').update(key).digest('base64'),
    };
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'customer-key.bin', Body: randomBytes(1000), ...sseC }));
    const refused = await torrentOf(`/${bucket}/customer-key.bin`, owner);
    expect([refused.status, errorCode(refused)]).toEqual([400, 'InvalidRequest']);
    expect(refused.text).toContain('SSE-C');
    // Not even with its key.
    const withKey = await torrentOf(
      `/${bucket}/customer-key.bin`,
      owner,
      {},
      {
        'x-amz-server-side-encryption-customer-algorithm': 'AES256',
        'x-amz-server-side-encryption-customer-key': sseC.SSECustomerKey,
        'x-amz-server-side-encryption-customer-key-md5': sseC.SSECustomerKeyMD5,
      },
    );
    expect([withKey.status, errorCode(withKey)]).toEqual([400, 'InvalidRequest']);
  });

  it('a bucket policy denying s3:GetObjectTorrent: 403 for the torrent, while GetObject still works', async () => {
    const policed = uniqueBucket('torrent-policy');
    await s3.send(new CreateBucketCommand({ Bucket: policed }));
    await s3.send(new PutObjectCommand({ Bucket: policed, Key: 'x.bin', Body: randomBytes(1000) }));
    await s3.send(
      new PutBucketPolicyCommand({
        Bucket: policed,
        Policy: JSON.stringify({
          Version: '2012-10-17',
          Statement: [{ Effect: 'Deny', Principal: '*', Action: 's3:GetObjectTorrent', Resource: `arn:aws:s3:::${policed}/*` }],
        }),
      }),
    );
    expect(await s3ErrorName(sdkTorrent(s3, policed, 'x.bin'))).toBe('AccessDenied');
    const got = await s3.send(new GetObjectCommand({ Bucket: policed, Key: 'x.bin' }));
    expect((await got.Body!.transformToByteArray()).length).toBe(1000);
  });
});

/**
 * One storage container in this process, on the test stack's tables and blobs, with a 1,000-byte torrent limit and a
 * tracker configured (the shared stack keeps the defaults).
 */
describe('the stage knobs (STORAGE_TORRENT_MAX_BYTES, STORAGE_TORRENT_TRACKER)', () => {
  const config = loadServiceConfig({
    ...testStack().env,
    STORAGE_TORRENT_MAX_BYTES: '1000',
    STORAGE_TORRENT_TRACKER: 'udp://tracker.example:6969/announce',
  });
  const wiring = createStorageWiring(createAwsClients(config), config, config);
  const inProcess = async (key: string) => {
    const path = `/${bucket}/${key}`;
    const headers = await rawS3Headers({ method: 'GET', path, query: { torrent: '' }, as: owner });
    const event = apiEvent({
      httpMethod: 'GET',
      path,
      multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]])),
      multiValueQueryStringParameters: { torrent: [''] },
    });
    return handleS3Request(wiring.deps, wiring.keys, toS3Request(event, 'localhost'), wiring.reader);
  };

  it('an object over the limit is 400 InvalidRequest; one at the limit announces the tracker', async () => {
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'limit/at.bin', Body: randomBytes(1000) }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'limit/over.bin', Body: randomBytes(1001) }));
    const at = await inProcess('limit/at.bin');
    const torrent = await parseTorrent(Buffer.from(at.body as Buffer));
    expect(torrent.announce).toEqual(['udp://tracker.example:6969/announce']);
    expect(torrent.length).toBe(1000);
    const over = await inProcess('limit/over.bin').catch((error: unknown) => error);
    expect(over).toBeInstanceOf(StorageError);
    expect(over).toMatchObject({ code: 'InvalidRequest', message: expect.stringContaining('1000 bytes') });
  });
});
