import { createHash } from 'node:crypto';
import { StorageError } from '../model/errors';

type Headers = Readonly<Record<string, readonly string[]>>;

/** A customer-provided key (SSE-C) as a request carries it, after validation. Never stored, never logged. */
export interface CustomerKey {
  key: Buffer;
  /** base64 MD5 of the key, as S3 returns it. */
  keyMd5: string;
}

/** The encryption a write asks for with its headers (or a bucket's default gives it). */
export type RequestedEncryption =
  | { algorithm: 'SSE-C'; customerKey: CustomerKey }
  | { algorithm: 'AES256' }
  | { algorithm: 'aws:kms'; kmsKeyId?: string; context?: string; bucketKeyEnabled?: boolean };

const SSE = 'x-amz-server-side-encryption';
const KMS_KEY_ID = `${SSE}-aws-kms-key-id`;
const CONTEXT = `${SSE}-context`;
const BUCKET_KEY = `${SSE}-bucket-key-enabled`;
export const CUSTOMER_KEY_HEADERS = `${SSE}-customer-`;
export const COPY_SOURCE_CUSTOMER_KEY_HEADERS = 'x-amz-copy-source-server-side-encryption-customer-';

const value = (headers: Headers, name: string) => headers[name]?.join(',').trim();
const invalidArgument = (message: string, name: string, given?: string) =>
  new StorageError('InvalidArgument', message, { ArgumentName: name, ...(given === undefined ? {} : { ArgumentValue: given }) });

/**
 * The SSE-C headers under `prefix` (the object's own, or the copy source's), validated as S3 does; undefined when
 * none is present. SSE-C over plain HTTP is refused unless the stage allows it (local stacks only).
 */
export function customerKeyOf(headers: Headers, prefix: string, allowPlainHttp: boolean): CustomerKey | undefined {
  const algorithm = value(headers, `${prefix}algorithm`);
  const key = value(headers, `${prefix}key`);
  const keyMd5 = value(headers, `${prefix}key-md5`);
  if (algorithm === undefined && key === undefined && keyMd5 === undefined) return undefined;
  const sseC = 'Requests specifying Server Side Encryption with Customer provided keys must';
  if (algorithm === undefined) throw invalidArgument(`${sseC} provide a valid encryption algorithm.`, `${prefix}algorithm`);
  if (algorithm !== 'AES256') {
    throw new StorageError(
      'InvalidEncryptionAlgorithmError',
      'The Encryption request you specified is not valid. Supported value: AES256.',
      {
        ArgumentName: `${prefix}algorithm`,
        ArgumentValue: algorithm,
      },
    );
  }
  if (key === undefined) throw invalidArgument(`${sseC} provide an appropriate secret key.`, `${prefix}key`);
  if (keyMd5 === undefined)
    throw invalidArgument(`${sseC} provide the client calculated MD5 of the secret key.`, `${prefix}key-md5`);
  const bytes = Buffer.from(key, 'base64');
  if (bytes.length !== 32 || bytes.toString('base64') !== key) {
    throw invalidArgument('The secret key was invalid for the specified algorithm.', `${prefix}key`);
  }
  const digest = createHash('md5').update(bytes).digest('base64');
  if (keyMd5 !== digest) {
    throw invalidArgument('The calculated MD5 hash of the key did not match the hash that was provided.', `${prefix}key-md5`);
  }
  if (!allowPlainHttp && value(headers, 'x-forwarded-proto')?.toLowerCase() !== 'https') {
    throw new StorageError('InvalidRequest', `${sseC} be made over a secure connection.`);
  }
  return { key: bytes, keyMd5: digest };
}

/** What a write (PUT, POST, copy target, CreateMultipartUpload) asks for; undefined: nothing (the bucket's default applies). */
export function requestedEncryption(headers: Headers, allowPlainHttp: boolean): RequestedEncryption | undefined {
  const customerKey = customerKeyOf(headers, CUSTOMER_KEY_HEADERS, allowPlainHttp);
  const sse = value(headers, SSE);
  const kmsKeyId = value(headers, KMS_KEY_ID);
  const context = value(headers, CONTEXT);
  const bucketKey = value(headers, BUCKET_KEY);
  const kmsOnly = kmsKeyId ?? context ?? bucketKey;
  if (customerKey) {
    if (sse !== undefined || kmsOnly !== undefined) {
      throw invalidArgument(
        'Server Side Encryption with Customer provided key is incompatible with the encryption method specified',
        SSE,
        sse,
      );
    }
    return { algorithm: 'SSE-C', customerKey };
  }
  if (sse !== 'aws:kms' && kmsOnly !== undefined) {
    const name = kmsKeyId !== undefined ? KMS_KEY_ID : context !== undefined ? CONTEXT : BUCKET_KEY;
    throw invalidArgument(
      'Server Side Encryption with AWS KMS managed key requires HTTP header x-amz-server-side-encryption : aws:kms',
      name,
    );
  }
  if (sse === undefined) return undefined;
  if (sse === 'AES256') return { algorithm: 'AES256' };
  if (sse !== 'aws:kms') throw invalidArgument('The encryption method specified is not supported', SSE, sse);
  if (context !== undefined) assertValidContext(context);
  if (bucketKey !== undefined && bucketKey !== 'true' && bucketKey !== 'false') {
    throw invalidArgument('Bucket key enabled must be true or false', BUCKET_KEY, bucketKey);
  }
  return {
    algorithm: 'aws:kms',
    ...(kmsKeyId === undefined || kmsKeyId === '' ? {} : { kmsKeyId }),
    ...(context === undefined ? {} : { context }),
    ...(bucketKey === 'true' ? { bucketKeyEnabled: true } : {}),
  };
}

/** Whether a request names any encryption for what it writes (a copy onto itself that changes encryption is legal). */
export const asksForEncryption = (headers: Headers): boolean => Object.keys(headers).some((name) => name.startsWith(SSE));

/**
 * The customer key a read (GET, HEAD) or a part of an upload carries. The object's own encryption is chosen when it is
 * written, so `x-amz-server-side-encryption` on such a request is S3's 400.
 */
export function readKeyOf(headers: Headers, allowPlainHttp: boolean): CustomerKey | undefined {
  for (const name of [SSE, KMS_KEY_ID, CONTEXT]) {
    if (headers[name] !== undefined) throw invalidArgument(`${name} header is not supported for this operation.`, name);
  }
  return customerKeyOf(headers, CUSTOMER_KEY_HEADERS, allowPlainHttp);
}

/** The KMS encryption context: base64 of a JSON object of string values. */
export function decodeContext(context: string | undefined): Record<string, string> | undefined {
  if (context === undefined) return undefined;
  return assertValidContext(context);
}

function assertValidContext(context: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(context, 'base64').toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (
    parsed === null ||
    typeof parsed !== 'object' ||
    Array.isArray(parsed) ||
    !Object.values(parsed).every((entry) => typeof entry === 'string')
  ) {
    throw invalidArgument('The encryption context must be base64-encoded UTF-8 JSON of string pairs.', CONTEXT);
  }
  return parsed as Record<string, string>;
}
