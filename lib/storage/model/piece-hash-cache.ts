/**
 * Piece hashes already computed, by the blob the bytes live in (a blob id is never reused: a new write, a new version
 * or a multipart manifest has its own) and the piece length (port). A torrent of the same bytes asked for again costs
 * one read of this cache instead of reading and hashing the whole object.
 */
export interface PieceHashCache {
  get(blobId: string, pieceLength: number): Promise<Buffer | undefined>;
  /** Writes once (a concurrent writer of the same hashes wins harmlessly); kept until `expiresAt` (epoch seconds). */
  put(blobId: string, pieceLength: number, pieces: Buffer, expiresAt: number): Promise<void>;
}

/** How long cached hashes are kept after they were computed (the table's TTL removes them; a later request re-hashes). */
export const PIECE_HASH_TTL_SECONDS = 30 * 24 * 3600;
