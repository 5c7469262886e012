import { existingBucket } from '../access/bucket-access';
import { authorizedObject } from '../access/object-access';
import { assertKeyFits, cipherOf } from '../encryption/object-keys';
import type { CustomerKey } from '../encryption/sse-headers';
import { StorageError } from '../model/errors';
import type { ObjectRecord } from '../model/object-record';
import { PIECE_HASH_TTL_SECONDS } from '../model/piece-hash-cache';
import type { Principal } from '../model/principal';
import { readObjectBytes } from '../store/object-manifest';
import type { StorageDeps } from '../store/storage-deps';
import { pieceHashes, pieceLengthFor } from './piece-hashes';
import { torrentMetainfo, torrentName } from './torrent-metainfo';

export interface TorrentRequest {
  bucket: string;
  key: string;
  versionId?: string;
  /** SSE-C headers the request carries: refused, as on GET of an object that is not SSE-C. */
  customerKey?: CustomerKey;
  /** The object's URL on this service, the torrent's web seed. */
  webSeed: string;
}

export interface ObjectTorrent {
  record: ObjectRecord;
  versioned: boolean;
  /** The torrent's `name`, the file a client saves. */
  name: string;
  /** The bencoded .torrent file. */
  metainfo: Buffer;
}

/**
 * GetObjectTorrent: a web-seeded BitTorrent v1 metainfo file for an object (or a version of it). Authorized as GET
 * (READ on the object; a bucket policy's `s3:GetObjectTorrent`, `s3:GetObjectVersionTorrent` with a version id), with
 * GET's NoSuchKey and delete-marker answers. The bytes are read in bounded ranges, decrypted as GET decrypts them
 * (SSE-S3, SSE-KMS), and hashed piece by piece; if the object is replaced meanwhile, it is read again.
 */
export async function getObjectTorrent(deps: StorageDeps, principal: Principal, input: TorrentRequest): Promise<ObjectTorrent> {
  const bucket = await existingBucket(deps, input.bucket);
  for (let attempt = 0; attempt < 5; attempt++) {
    const record = await authorizedObject(deps, principal, bucket, input.key, 'GetObjectTorrent', input.versionId);
    assertTorrentable(record, input.customerKey, deps.torrent.maxBytes);
    const pieceLength = pieceLengthFor(record.size);
    const pieces = await cachedPieceHashes(deps, record, pieceLength);
    if (!pieces) continue;
    const name = torrentName(record.key);
    const metainfo = torrentMetainfo({
      name,
      length: record.size,
      pieceLength,
      pieces,
      webSeed: input.webSeed,
      createdAt: new Date(record.lastModified),
      tracker: deps.torrent.tracker,
    });
    return { record, versioned: bucket.versioning !== undefined, name, metainfo };
  }
  throw new StorageError('SlowDown');
}

/**
 * The version's piece hashes: from the cache when this blob was hashed before, else read (decrypted as GET decrypts),
 * hashed and cached, so that asking again for a large public object's torrent costs one item read, not a full read.
 */
async function cachedPieceHashes(deps: StorageDeps, record: ObjectRecord, pieceLength: number): Promise<Buffer | undefined> {
  const cache = deps.torrent.pieceCache;
  const cached = await cache?.get(record.blobId, pieceLength);
  if (cached) return cached;
  const cipher = await cipherOf(deps.kms, record.encryption, undefined);
  const pieces = await pieceHashes((range) => readObjectBytes(deps, record, range, cipher), record.size, pieceLength);
  if (pieces && record.size > 0)
    await cache?.put(record.blobId, pieceLength, pieces, Math.floor(deps.now().getTime() / 1000) + PIECE_HASH_TTL_SECONDS);
  return pieces;
}

/**
 * What no torrent is made for, each a 400 `InvalidRequest`: an SSE-C object (AWS serves none: its web seed could not be
 * read without the customer's key, and the hashes of its plaintext would go to anyone holding the torrent), and an
 * object over the stage's limit. An empty object has a torrent without pieces (`length` 0, `pieces` empty), as RGW
 * writes one; aria2 takes it and creates the empty file.
 */
function assertTorrentable(record: ObjectRecord, customerKey: CustomerKey | undefined, maxBytes: number): void {
  if (record.encryption?.algorithm === 'SSE-C') {
    throw new StorageError(
      'InvalidRequest',
      'GetObjectTorrent is not supported for objects encrypted with a customer-provided key (SSE-C).',
    );
  }
  assertKeyFits(record.encryption, customerKey, 'object');
  if (record.size > maxBytes) {
    throw new StorageError(
      'InvalidRequest',
      `GetObjectTorrent serves objects of at most ${maxBytes} bytes; this object has ${record.size} bytes.`,
    );
  }
}
