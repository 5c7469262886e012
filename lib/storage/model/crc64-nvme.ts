/**
 * CRC64-NVME (the `x-amz-checksum-crc64nvme` of S3): the reflected CRC-64 with polynomial
 * 0xad93d23594c93659 (0x9a6c9329ac4bc9b5 bit-reversed), initial value and final XOR all ones.
 * Check value: "123456789" → 0xae8b14860a799888. Written here because @aws-sdk/* is not bundled into
 * our Lambdas; a test holds it to the SDK's own implementation.
 *
 * JavaScript has no fast 64-bit integers (BigInt per byte is slow), so the 64-bit register is kept as
 * two unsigned 32-bit halves and the byte-at-a-time lookup table is split the same way.
 */
const REFLECTED_POLYNOMIAL = 0x9a6c9329ac4bc9b5n;

/** TABLE_HI[b], TABLE_LO[b]: the register after shifting byte b through eight reflected rounds. */
const [TABLE_HI, TABLE_LO] = (() => {
  const hi = new Uint32Array(256);
  const lo = new Uint32Array(256);
  for (let byte = 0; byte < 256; byte++) {
    // Built once with BigInt for clarity; the hot loop below never touches BigInt.
    let crc = BigInt(byte);
    for (let bit = 0; bit < 8; bit++) crc = crc & 1n ? (crc >> 1n) ^ REFLECTED_POLYNOMIAL : crc >> 1n;
    hi[byte] = Number(crc >> 32n);
    lo[byte] = Number(crc & 0xffffffffn);
  }
  return [hi, lo];
})();

/** The CRC64-NVME of `data`, as the 8 big-endian bytes S3 base64-encodes. */
export function crc64Nvme(data: Uint8Array): Buffer {
  let hi = 0xffffffff;
  let lo = 0xffffffff;
  for (const byte of data) {
    // Reflected CRC: index by the low byte, shift the 64-bit register right by 8.
    const index = (lo ^ byte) & 0xff;
    lo = ((lo >>> 8) | (hi << 24)) ^ TABLE_LO[index]!;
    hi = (hi >>> 8) ^ TABLE_HI[index]!;
  }
  const digest = Buffer.alloc(8);
  digest.writeUInt32BE(~hi >>> 0, 0);
  digest.writeUInt32BE(~lo >>> 0, 4);
  return digest;
}
