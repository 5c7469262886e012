import type { ChecksumAlgorithm } from '../model/checksum-algorithms';

/**
 * CRC combination (zlib's crc32_combine, generalised): the CRC of A‖B from crc(A), crc(B) and B's length alone, so a
 * FULL_OBJECT multipart checksum needs no re-read of the parts. Valid for reflected CRCs whose initial value and final
 * XOR are both all ones (they cancel out), which S3's three CRCs are. Polynomials are in GF(2)[x] mod P, written
 * reflected: the top bit is x^0. BigInt keeps one implementation for 32 and 64 bits; a combine costs a few hundred
 * register steps, once per part at completion, never per byte.
 */
interface ReflectedCrc {
  width: bigint;
  polynomial: bigint;
}

/** The CRC algorithms with their reflected polynomials; SHA digests do not combine. */
const CRCS = {
  crc32: { width: 32n, polynomial: 0xedb88320n },
  crc32c: { width: 32n, polynomial: 0x82f63b78n },
  crc64nvme: { width: 64n, polynomial: 0x9a6c9329ac4bc9b5n },
} as const satisfies Partial<Record<ChecksumAlgorithm, ReflectedCrc>>;

export type CrcAlgorithm = keyof typeof CRCS;

export const isCrcAlgorithm = (algorithm: ChecksumAlgorithm): algorithm is CrcAlgorithm => algorithm in CRCS;

/** a·b mod P. */
function multiplyModP(crc: ReflectedCrc, a: bigint, b: bigint): bigint {
  let m = 1n << (crc.width - 1n);
  let product = 0n;
  let multiplier = b;
  while (m !== 0n) {
    if (a & m) {
      product ^= multiplier;
      if ((a & (m - 1n)) === 0n) break;
    }
    m >>= 1n;
    multiplier = multiplier & 1n ? (multiplier >> 1n) ^ crc.polynomial : multiplier >> 1n;
  }
  return product;
}

/** x^(2^k) mod P for k = 0..63 per CRC (enough for any byte length below 2^60), built on the CRC's first combine. */
const POWERS = new Map<ReflectedCrc, bigint[]>();

function powersOf(crc: ReflectedCrc): bigint[] {
  let powers = POWERS.get(crc);
  if (!powers) {
    powers = [1n << (crc.width - 2n)];
    for (let k = 1; k < 64; k++) powers.push(multiplyModP(crc, powers[k - 1]!, powers[k - 1]!));
    POWERS.set(crc, powers);
  }
  return powers;
}

/** x^(8·bytes) mod P: the shift that appending `bytes` bytes applies to the CRC before them. */
function shiftFor(crc: ReflectedCrc, bytes: number): bigint {
  const powers = powersOf(crc);
  let shift = 1n << (crc.width - 1n);
  let n = BigInt(bytes);
  // Bit k of the length in bytes is x^(2^(k+3)) (8 bits a byte).
  for (let k = 3; n > 0n; k++, n >>= 1n) if (n & 1n) shift = multiplyModP(crc, powers[k]!, shift);
  return shift;
}

const toBigInt = (digest: Buffer) => BigInt(`0x${digest.toString('hex') || '0'}`);
const toDigest = (value: bigint, width: bigint) => Buffer.from(value.toString(16).padStart(Number(width / 4n), '0'), 'hex');

/** The CRC of the concatenation of pieces, from each piece's CRC digest (big-endian bytes, as S3 encodes them) and length. */
export function combineCrcs(algorithm: CrcAlgorithm, pieces: readonly { digest: Buffer; size: number }[]): Buffer {
  const crc = CRCS[algorithm];
  let combined = 0n; // The CRC of no bytes is 0 for these CRCs: ~(~0) after no step.
  for (const piece of pieces) {
    combined = multiplyModP(crc, shiftFor(crc, piece.size), combined) ^ toBigInt(piece.digest);
  }
  return toDigest(combined, crc.width);
}
