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

/**
 * BEP 3's `pieces`: the SHA-1 of every `pieceLength` bytes of the object (the last piece shorter), concatenated. The
 * bytes come through `read` in ranges of whole pieces, about READ_CHUNK_BYTES each, the next range read while this
 * one is hashed: at most two ranges in memory, whatever the object's size. Undefined when a read finds the bytes gone.
 */
export async function pieceHashes(
  read: RangeReader,
  size: number,
  pieceLength: number,
  chunkBytes = READ_CHUNK_BYTES,
): Promise<Buffer | undefined> {
  const span = Math.max(1, Math.floor(chunkBytes / pieceLength)) * pieceLength;
  const readFrom = (start: number) => {
    const reading = read({ start, end: Math.min(start + span, size) - 1 });
    // Awaited in the next round; a failure while this round hashes (or after it gave up) must not go unhandled.
    reading.catch(() => undefined);
    return reading;
  };
  const hashes: Buffer[] = [];
  let next = size > 0 ? readFrom(0) : undefined;
  for (let start = 0; start < size; start += span) {
    const bytes = await next;
    next = start + span < size ? readFrom(start + span) : undefined;
    if (!bytes) return undefined;
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
