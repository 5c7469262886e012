import { createCipheriv, createHash } from 'node:crypto';

const BLOCK = 16;

/**
 * AES-256-CTR over one object's blobs. CTR lets a ranged GET decrypt from any byte: the counter block for byte
 * `offset` is the blob's IV plus floor(offset / 16). Each blob's IV comes from its id (fresh and random for every
 * blob, never reused), so no IV is stored and a key shared by many blobs (an SSE-C key) never repeats a keystream.
 * Encrypting and decrypting are the same operation.
 */
export class BlobCipher {
  constructor(private readonly dataKey: Buffer) {
    if (dataKey.length !== 32) throw new Error('A blob data key is 256 bits');
  }

  /** The bytes at `offset` of blob `blobId`, encrypted (or decrypted: CTR is symmetric). */
  crypt(blobId: string, offset: number, bytes: Buffer): Buffer {
    if (bytes.length === 0) return bytes;
    const skip = offset % BLOCK;
    const cipher = createCipheriv('aes-256-ctr', this.dataKey, counterBlock(blobIv(blobId), Math.floor(offset / BLOCK)));
    const out = skip === 0 ? cipher.update(bytes) : cipher.update(Buffer.concat([Buffer.alloc(skip), bytes])).subarray(skip);
    cipher.final();
    return out;
  }
}

/** 128 bits derived from the blob id (a random UUID): unique per blob, nothing to store. */
export const blobIv = (blobId: string): Buffer =>
  createHash('sha256').update(`gwstore blob iv\0${blobId}`).digest().subarray(0, BLOCK);

/** `iv + blocks` as a 128-bit big-endian counter (wrapping), as AES-CTR increments it. */
export function counterBlock(iv: Buffer, blocks: number): Buffer {
  const counter = Buffer.from(iv);
  let carry = BigInt(blocks);
  for (let index = BLOCK - 1; index >= 0 && carry > 0n; index--) {
    const sum = BigInt(counter[index]!) + (carry & 0xffn);
    counter[index] = Number(sum & 0xffn);
    carry = (carry >> 8n) + (sum >> 8n);
  }
  return counter;
}
