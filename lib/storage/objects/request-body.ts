import { createHash } from 'node:crypto';
import { StorageError } from '../model/errors';

/**
 * The checks every single-request body passes (PutObject, UploadPart): a declared length, the
 * single-request cap (EntityTooLarge), completeness (IncompleteBody) and Content-MD5. Returns the body's MD5.
 */
export function verifiedBodyMd5(maxBytes: number, headers: Readonly<Record<string, readonly string[]>>, body: Buffer): Buffer {
  const header = (name: string) => headers[name]?.join(',');
  // A `Transfer-Encoding: chunked` body declares no length: as Ceph RGW does (S3 would refuse it), its decoded length counts.
  const chunked = /\bchunked\b/i.test(header('transfer-encoding') ?? '');
  const declared =
    header('x-amz-decoded-content-length') ?? header('content-length') ?? (chunked ? String(body.length) : undefined);
  if (declared === undefined) throw new StorageError('MissingContentLength');
  if (!/^\d+$/.test(declared)) throw new StorageError('InvalidArgument', 'Content-Length must be a non-negative integer');
  if (Number(declared) > maxBytes || body.length > maxBytes) {
    throw new StorageError('EntityTooLarge', undefined, { ProposedSize: declared, MaxSizeAllowed: String(maxBytes) });
  }
  if (header('x-amz-decoded-content-length') === undefined && Number(declared) !== body.length) {
    throw new StorageError('IncompleteBody');
  }
  const md5 = createHash('md5').update(body).digest();
  const contentMd5 = header('content-md5');
  if (contentMd5 !== undefined) {
    const given = Buffer.from(contentMd5, 'base64');
    if (given.length !== 16 || given.toString('base64') !== contentMd5.trim()) throw new StorageError('InvalidDigest');
    if (!given.equals(md5)) throw new StorageError('BadDigest');
  }
  return md5;
}
