/** A BR Code that cannot be built or read: a bad length, a wrong CRC, a missing or malformed field. */
export class BrCodeError extends Error {
  override name = 'BrCodeError';
}
