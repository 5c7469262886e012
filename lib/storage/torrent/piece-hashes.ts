import { createHash } from 'node:crypto';

/** RGW's default piece length (`rgw_torrent_sha_unit`): 512 KiB. */
export const BASE_PIECE_LENGTH = 512 * 1024;
/** The most pieces a torrent gets before its pieces are made longer (about 40 KB of hashes in the metainfo). */
export const MAX_PIECES = 2000;
/** About how many bytes of the object one read brings while hashing (rounded to whole pieces). */
export const READ_CHUNK_BYTES = 4 * 1024 * 1024;

/**
 * The piece length for an object of `size` bytes: 512 KiB (RGW's default), doubled while the object would have more
 * than 2,000 pieces, so that a large object's metainfo stays small (a 5 GiB object: 4 MiB pieces, 1,280 of them). Always
 * a power of two, as BitTorrent clients expect.
 */
export function pieceLengthFor(size: number): number {
  let length = BASE_PIECE_LENGTH;
  while (Math.ceil(size / length) > MAX_PIECES) length *= 2;
  return length;
}

/** Reads bytes `start`..`end` (inclusive) of the object; undefined when they are gone (the object was replaced). */
export type RangeReader = (range: { start: number; end: number }) => Promise<Buffer | undefined>;

/** How the bytes are read: ranges of about `chunkBytes` (whole pieces), `readsAhead` of them in flight. */
export interface ReadPlan {
  chunkBytes: number;
  readsAhead: number;
}

/**
 * Four 4 MiB ranges in flight: one blob-store read is latency-bound (about 70 ms for 4 MiB from s3rver here, the order
 * of an S3 GET), so reads overlap each other and the hashing, at 16 MiB of memory whatever the object's size.
 */
export const DEFAULT_READ_PLAN: ReadPlan = { chunkBytes: READ_CHUNK_BYTES, readsAhead: 4 };

/**
 * BEP 3's `pieces`: the SHA-1 of every `pieceLength` bytes of the object (the last piece shorter), concatenated (empty
 * for an empty object). The bytes come through `read` in ranges of whole pieces, in order, at most `readsAhead`
 * ranges in flight and one being hashed: bounded memory whatever the object's size. Undefined when a read finds the
 * bytes gone.
 */
export async function pieceHashes(
  read: RangeReader,
  size: number,
  pieceLength: number,
  { chunkBytes, readsAhead }: ReadPlan = DEFAULT_READ_PLAN,
): Promise<Buffer | undefined> {
  const span = Math.max(1, Math.floor(chunkBytes / pieceLength)) * pieceLength;
  const pending: Promise<Buffer | undefined>[] = [];
  let nextStart = 0;
  const readAhead = () => {
    while (pending.length < Math.max(1, readsAhead) && nextStart < size) {
      const reading = read({ start: nextStart, end: Math.min(nextStart + span, size) - 1 });
      // Awaited in its turn; a failure while earlier ranges are hashed (or after a gone range ended it) must not go unhandled.
      reading.catch(() => undefined);
      pending.push(reading);
      nextStart += span;
    }
  };
  const hashes: Buffer[] = [];
  readAhead();
  for (let start = 0; start < size; start += span) {
    const bytes = await pending.shift();
    if (!bytes) return undefined;
    readAhead();
    const expected = Math.min(span, size - start);
    if (bytes.length !== expected) throw new Error(`A read of ${expected} bytes at ${start} brought ${bytes.length}`);
    for (let offset = 0; offset < bytes.length; offset += pieceLength) {
      hashes.push(
        createHash('sha1')
          .update(bytes.subarray(offset, offset + pieceLength))
          .digest(),
      );
    }
  }
  return Buffer.concat(hashes);
}
