import {
  type ChecksumAlgorithm,
  checksumAlgorithm,
  checksumBytes,
  computeChecksum,
  SUPPORTED_CHECKSUMS,
} from '../model/checksum-algorithms';
import { requestedChecksumType } from '../model/checksum-type';
import { StorageError } from '../model/errors';
import type { ObjectChecksum } from '../model/object-checksum';

type Headers = Readonly<Record<string, readonly string[]>>;
type Fields = readonly (readonly [string, string])[];

const PREFIX = 'x-amz-checksum-';
/** x-amz-checksum-* headers that carry no checksum value. */
const NOT_VALUES = new Set(['x-amz-checksum-type', 'x-amz-checksum-mode', 'x-amz-checksum-algorithm']);

const invalid = (message: string) => new StorageError('InvalidRequest', message);

/**
 * The additional checksum of a request body. Every `x-amz-checksum-<alg>` value, as a header or an
 * aws-chunked trailer (`x-amz-trailer` declares which), is verified against the bytes; a bare
 * `x-amz-sdk-checksum-algorithm` asks the server to compute it. Returns what an object written by the request
 * is stored with, undefined when the request names no checksum.
 */
export function verifyRequestChecksum(headers: Headers, trailers: Fields, data: Buffer): ObjectChecksum | undefined {
  const header = (name: string) => headers[name]?.join(',');
  requestedChecksumAlgorithm(headers);
  requestedChecksumType(header('x-amz-checksum-type'));
  const fields = [...Object.entries(headers).map(([name, values]) => [name, values.join(',')] as const), ...trailers];
  const values = fields
    .filter(([name]) => name.startsWith(PREFIX) && !NOT_VALUES.has(name))
    .map(([name, value]) => ({ name, algorithm: algorithmNamedBy(name), value: value.trim() }));
  for (const name of declaredTrailers(header('x-amz-trailer'))) {
    algorithmNamedBy(name);
    if (!trailers.some(([trailer]) => trailer === name)) {
      throw new StorageError('MalformedTrailerError', `The trailer ${name} declared in x-amz-trailer is missing from the body.`);
    }
  }
  const algorithms = new Set(values.map((value) => value.algorithm));
  if (algorithms.size > 1) throw invalid('Expecting a single x-amz-checksum- header. Multiple checksum Types are not allowed.');
  const sdkAlgorithm = header('x-amz-sdk-checksum-algorithm');
  const requested = sdkAlgorithm === undefined ? undefined : checksumAlgorithm(sdkAlgorithm);
  if (sdkAlgorithm !== undefined && !requested) {
    throw invalid(
      `Value for x-amz-sdk-checksum-algorithm header is invalid: ${sdkAlgorithm} is not one of ${SUPPORTED_CHECKSUMS}.`,
    );
  }
  const [algorithm = requested] = algorithms;
  if (requested && algorithm !== requested) {
    throw invalid(
      `x-amz-sdk-checksum-algorithm is ${requested.toUpperCase()} but the checksum sent is x-amz-checksum-${algorithm}.`,
    );
  }
  if (!algorithm) return undefined;
  const computed = computeChecksum(algorithm, data);
  for (const { name, value } of values) {
    // RGW answers a value that is no digest of the algorithm at all as it answers a wrong one (ceph/s3-tests).
    if (!isDigest(value, algorithm)) {
      throw new StorageError('BadDigest', `Value for ${name} is not a valid ${algorithm.toUpperCase()} checksum.`);
    }
    if (value !== computed) {
      throw new StorageError('BadDigest', `The ${algorithm.toUpperCase()} you specified did not match the calculated checksum.`);
    }
  }
  return { algorithm, value: computed };
}

/** `x-amz-checksum-algorithm` (CopyObject, CreateMultipartUpload): the algorithm the client wants computed. */
export function requestedChecksumAlgorithm(headers: Headers): ChecksumAlgorithm | undefined {
  const value = headers['x-amz-checksum-algorithm']?.join(',');
  if (value === undefined) return undefined;
  const algorithm = checksumAlgorithm(value);
  if (!algorithm) {
    throw invalid(
      `Checksum algorithm provided is unsupported: x-amz-checksum-algorithm is ${value}. Please try again with any of the valid types: [${SUPPORTED_CHECKSUMS}]`,
    );
  }
  return algorithm;
}

/** The algorithm of an `x-amz-checksum-<alg>` field; an unknown one is refused by name. */
function algorithmNamedBy(name: string): ChecksumAlgorithm {
  const suffix = name.slice(PREFIX.length);
  const algorithm = checksumAlgorithm(suffix);
  if (!algorithm) {
    throw invalid(
      `${name} names checksum algorithm ${suffix.toUpperCase() || '(none)'}, which is not supported; the supported algorithms are ${SUPPORTED_CHECKSUMS}.`,
    );
  }
  return algorithm;
}

/** The checksum fields `x-amz-trailer` announces (other trailers are not ours to check). */
function declaredTrailers(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name.startsWith(PREFIX));
}

/** Canonical base64 of exactly the algorithm's digest size. */
function isDigest(value: string, algorithm: ChecksumAlgorithm): boolean {
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === checksumBytes(algorithm) && bytes.toString('base64') === value;
}
