import { createHash, randomBytes } from 'node:crypto';
import { CreateBucketCommand, PutBucketVersioningCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import parseTorrent from 'parse-torrent';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { createAwsClients } from '../../../lib/aws';
import { loadServiceConfig } from '../../../lib/config';
import { handleS3Request } from '../../../lib/storage/http/s3-pipeline';
import { toS3Request } from '../../../lib/storage/http/s3-request-parser';
import { createStorageWiring } from '../../../lib/storage/storage-wiring';
import { apiEvent } from '../../support/api-event';
import { rawS3Headers } from '../../support/raw-s3';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, sdkClient, uniqueBucket } from '../../support/storage-clients';

/**
 * Issue 31: a torrent of a large public object cost a full read and hash per anonymous request. Piece hashes are now
 * cached per blob (a version's bytes): the second request reads no object bytes, a new version is hashed anew.
 */
const config = loadServiceConfig(testStack().env);
const wiring = createStorageWiring(createAwsClients(config), config, config);
const blobReads = vi.spyOn(wiring.deps.blobs, 'get');
const bucket = uniqueBucket('torrent-cache');
let owner: StorageCredentials;

beforeAll(async () => {
  owner = await newStorageUser('torrent-cache');
  const s3 = sdkClient(owner);
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  await s3.send(new PutBucketVersioningCommand({ Bucket: bucket, VersioningConfiguration: { Status: 'Enabled' } }));
});

/** GET ?torrent through the storage pipeline in this process (the spy sees its blob reads), as anyone. */
async function torrent(key: string, versionId?: string) {
  const path = `/${bucket}/${key}`;
  const query: Record<string, string> = { torrent: '', ...(versionId ? { versionId } : {}) };
  const headers = await rawS3Headers({ method: 'GET', path, query });
  blobReads.mockClear();
  const response = await handleS3Request(
    wiring.deps,
    wiring.keys,
    toS3Request(
      apiEvent({
        httpMethod: 'GET',
        path,
        multiValueHeaders: Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value]])),
        multiValueQueryStringParameters: Object.fromEntries(Object.entries(query).map(([name, value]) => [name, [value]])),
      }),
      'localhost',
    ),
    wiring.reader,
  );
  expect(response.status).toBe(200);
  const parsed = await parseTorrent(Buffer.from(response.body as Buffer));
  return { pieces: parsed.pieces as string[], reads: blobReads.mock.calls.length };
}

const sha1Pieces = (bytes: Buffer, pieceLength: number) =>
  Array.from({ length: Math.ceil(bytes.length / pieceLength) }, (_, index) =>
    createHash('sha1')
      .update(bytes.subarray(index * pieceLength, (index + 1) * pieceLength))
      .digest('hex'),
  );

describe('GetObjectTorrent piece hashes are cached per version (issue 31)', () => {
  it('the second torrent of a version reads no object bytes; a new version is hashed anew, the old one stays cached', async () => {
    const s3 = sdkClient(owner);
    const first = randomBytes(3 * 1024 * 1024 + 123);
    const { VersionId: firstVersion } = await s3.send(
      new PutObjectCommand({ Bucket: bucket, Key: 'big.bin', Body: first, ACL: 'public-read' }),
    );
    const cold = await torrent('big.bin');
    expect(cold.reads).toBeGreaterThan(0);
    expect(cold.pieces).toEqual(sha1Pieces(first, 512 * 1024));
    const warm = await torrent('big.bin');
    expect(warm.reads).toBe(0);
    expect(warm.pieces).toEqual(cold.pieces);

    const second = randomBytes(2 * 1024 * 1024 + 7);
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'big.bin', Body: second, ACL: 'public-read' }));
    const fresh = await torrent('big.bin');
    expect(fresh.reads).toBeGreaterThan(0);
    expect(fresh.pieces).toEqual(sha1Pieces(second, 512 * 1024));
    const old = await torrent('big.bin', firstVersion);
    expect(old.reads).toBe(0);
    expect(old.pieces).toEqual(cold.pieces);
  });
});
