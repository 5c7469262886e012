import { constantTimeEqual } from '../../crypto/constant-time';
import { parseAmzDate, parseSigningDate } from '../model/amz-date';
import { StorageError } from '../model/errors';
import { parseAwsChunked } from './aws-chunked';
import type { DecodedPayload, SignatureClaim } from './signature-claim';
import { firstHeader, firstQuery, repeatedQueryParam, type SigningInput } from './signing-input';
import {
  type CredentialScope,
  canonicalRequest,
  chunkStringToSign,
  SIGV4_ALGORITHM,
  sha256Hex,
  signingKeyV4,
  signV4,
  stringToSignV4,
  trailerStringToSign,
} from './sigv4-signing';
import { assertAmzHeadersSigned } from './unsigned-headers';

const MAX_PRESIGNED_SECONDS = 7 * 24 * 3600;

/** `Authorization: AWS4-HMAC-SHA256 Credential=<key>/<date>/<region>/s3/aws4_request, SignedHeaders=..., Signature=...` */
export function parseSigV4Header(input: SigningInput, authorization: string, body?: Buffer): SignatureClaim {
  const fields = new Map<string, string>();
  for (const part of authorization.slice(SIGV4_ALGORITHM.length).split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const credential = fields.get('Credential');
  const signedHeaders = fields.get('SignedHeaders');
  const signature = fields.get('Signature');
  if (!credential || !signedHeaders || !signature) {
    throw malformed('The authorization header is malformed; it must contain Credential, SignedHeaders and Signature.');
  }
  const amzDateHeader = firstHeader(input, 'x-amz-date');
  const signedAt =
    amzDateHeader !== undefined ? parseSigningDate(amzDateHeader, 'amz') : parseSigningDate(firstHeader(input, 'date'));
  if (!signedAt) throw new StorageError('AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  const amzDate = amzDateHeader ?? toAmzDate(signedAt);
  const { accessKey, scope } = parseCredential(credential, amzDate, malformed, isTopicRequest(input));
  // SNS clients sign the body's hash without sending it as a header (botocore's SigV4Auth, unlike its S3 signer).
  const payloadHash =
    firstHeader(input, 'x-amz-content-sha256') ?? (scope.service === 'sns' && body ? sha256Hex(body) : undefined);
  if (payloadHash === undefined) {
    throw new StorageError('InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  }
  return claim(input, 'sigv4-header', {
    accessKey,
    signature,
    scope,
    amzDate,
    signedHeaders: parseSignedHeaders(signedHeaders, input, malformed),
    payloadHash,
    signedAt,
  });
}

const QUERY_AUTH_PARAMS = [
  'X-Amz-Algorithm',
  'X-Amz-Credential',
  'X-Amz-Date',
  'X-Amz-Expires',
  'X-Amz-SignedHeaders',
  'X-Amz-Signature',
  'X-Amz-Content-Sha256',
];

/** Presigned URL: `X-Amz-Algorithm&X-Amz-Credential&X-Amz-Date&X-Amz-Expires&X-Amz-SignedHeaders&X-Amz-Signature`. */
export function parseSigV4Query(input: SigningInput): SignatureClaim {
  const param = (name: string) => firstQuery(input, name);
  const invalid = (message: string) => new StorageError('AuthorizationQueryParametersError', message);
  const repeated = repeatedQueryParam(input, QUERY_AUTH_PARAMS);
  if (repeated) throw invalid(`${repeated} must appear once in a presigned URL.`);
  if (param('X-Amz-Algorithm') !== SIGV4_ALGORITHM) throw invalid('X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"');
  const credential = param('X-Amz-Credential');
  const amzDate = param('X-Amz-Date');
  const expires = param('X-Amz-Expires');
  const signedHeaders = param('X-Amz-SignedHeaders');
  const signature = param('X-Amz-Signature');
  if (!credential || !amzDate || !expires || !signedHeaders || !signature) {
    throw invalid(
      'Query-string authentication version 4 requires the X-Amz-Algorithm, X-Amz-Credential, X-Amz-Signature, X-Amz-Date, X-Amz-SignedHeaders, and X-Amz-Expires parameters.',
    );
  }
  const signedAt = parseAmzDate(amzDate);
  if (!signedAt) throw invalid("X-Amz-Date must be in the ISO8601 Long Format \"yyyyMMdd'T'HHmmss'Z'\"");
  checkExpires(expires);
  const { accessKey, scope } = parseCredential(credential, amzDate, invalid, false);
  const result = claim(input, 'sigv4-query', {
    accessKey,
    signature,
    scope,
    amzDate,
    signedHeaders: parseSignedHeaders(signedHeaders, input, invalid),
    payloadHash: param('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD',
    omitQuery: ['X-Amz-Signature'],
  });
  return { ...result, notBefore: signedAt, expiresAt: new Date(signedAt.getTime() + Number(expires) * 1000) };
}

/**
 * X-Amz-Expires: 1..604800 seconds. Over a week is S3's 400 AuthorizationQueryParametersError with its wording (RGW
 * answers 403, which ceph/s3-tests `test_object_raw_get_x_amz_expires_out_max_range` expects: AWS's documented answer
 * wins, DESIGN §5); zero or negative stays 403 AccessDenied (s3-tests `..._out_range_zero`, `..._out_positive_range`);
 * a value that is not a number is a malformed query (400).
 */
function checkExpires(expires: string): void {
  if (!/^[-+]?\d+$/.test(expires)) {
    throw new StorageError('AuthorizationQueryParametersError', 'X-Amz-Expires should be a number');
  }
  const seconds = Number(expires);
  if (seconds <= 0) throw new StorageError('AccessDenied', 'X-Amz-Expires must be non-negative');
  if (seconds > MAX_PRESIGNED_SECONDS) {
    throw new StorageError(
      'AuthorizationQueryParametersError',
      `X-Amz-Expires must be less than a week (in seconds) that is, the given X-Amz-Expires must be less than ${MAX_PRESIGNED_SECONDS} seconds`,
    );
  }
}

interface ClaimParts {
  accessKey: string;
  signature: string;
  scope: CredentialScope;
  amzDate: string;
  signedHeaders: string[];
  payloadHash: string;
  signedAt?: Date;
  omitQuery?: string[];
}

function claim(input: SigningInput, mechanism: SignatureClaim['mechanism'], parts: ClaimParts): SignatureClaim {
  assertAmzHeadersSigned(input, parts.signedHeaders, parts.payloadHash);
  const canonical = canonicalRequest(input, parts.signedHeaders, parts.payloadHash, parts.omitQuery);
  const stringToSign = stringToSignV4(parts.amzDate, parts.scope, canonical);
  return {
    mechanism,
    accessKey: parts.accessKey,
    signature: parts.signature,
    stringToSign,
    canonicalRequest: canonical,
    signedAt: parts.signedAt,
    sign: (secret) => signV4(signingKeyV4(secret, parts.scope), stringToSign),
    payload: (secret, body) => decodePayload(input, parts, secret, body),
  };
}

/** The real bytes of the body: payload hash checked, or aws-chunked decoded with every chunk (and trailer) signature verified. */
function decodePayload(input: SigningInput, parts: ClaimParts, secret: string, body: Buffer): DecodedPayload {
  const hash = parts.payloadHash;
  if (hash === 'UNSIGNED-PAYLOAD') return { data: body, trailers: [] };
  if (!hash.startsWith('STREAMING-')) {
    if (!/^[0-9a-f]{64}$/.test(hash))
      throw new StorageError(
        'InvalidArgument',
        'x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-... or a SHA-256 hex digest',
      );
    if (sha256Hex(body) !== hash) throw new StorageError('XAmzContentSHA256Mismatch');
    return { data: body, trailers: [] };
  }
  const signedChunks = hash === 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD' || hash === 'STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER';
  if (!signedChunks && hash !== 'STREAMING-UNSIGNED-PAYLOAD-TRAILER') {
    throw new StorageError('InvalidArgument', `Unsupported x-amz-content-sha256 value ${hash}`);
  }
  const { chunks, trailers } = parseAwsChunked(body);
  if (signedChunks) {
    const key = signingKeyV4(secret, parts.scope);
    let previous = parts.signature;
    for (const chunk of chunks) {
      const expected = signV4(key, chunkStringToSign(parts.amzDate, parts.scope, previous, chunk.data));
      if (!chunk.signature || !constantTimeEqual(expected, chunk.signature)) throw new StorageError('SignatureDoesNotMatch');
      previous = expected;
    }
    const trailerSignature = trailers.find(([name]) => name === 'x-amz-trailer-signature')?.[1];
    if (hash.endsWith('-TRAILER')) {
      const signedPart = trailers
        .filter(([name]) => name !== 'x-amz-trailer-signature')
        .map(([name, value]) => `${name}:${value}\n`)
        .join('');
      const expected = signV4(key, trailerStringToSign(parts.amzDate, parts.scope, previous, signedPart));
      if (!trailerSignature || !constantTimeEqual(expected, trailerSignature)) throw new StorageError('SignatureDoesNotMatch');
    }
  }
  // One data chunk (what the SDKs send for small bodies) is a view of the body, not a copy.
  const withData = chunks.filter((chunk) => chunk.data.length > 0);
  const data = withData.length === 1 ? withData[0]!.data : Buffer.concat(withData.map((chunk) => chunk.data));
  const declared = firstHeader(input, 'x-amz-decoded-content-length');
  if (declared !== undefined && Number(declared) !== data.length) throw new StorageError('IncompleteBody');
  return { data, trailers: trailers.filter(([name]) => name !== 'x-amz-trailer-signature') };
}

/** RGW's topic API (`POST /` on the service, no sub-resource) is the one request SNS clients sign, with service `sns`. */
const isTopicRequest = (input: SigningInput) =>
  input.method === 'POST' && input.decodedPath === '/' && input.virtualHostBucket === undefined && input.query.length === 0;

function parseCredential(
  credential: string,
  amzDate: string,
  fail: (message: string) => StorageError,
  snsAllowed: boolean,
): { accessKey: string; scope: CredentialScope } {
  const parts = credential.split('/');
  if (parts.length !== 5 || parts[4] !== 'aws4_request' || !parts[0]) {
    throw fail(`The credential ${credential} is malformed; expecting "<YOUR-AKID>/YYYYMMDD/REGION/SERVICE/aws4_request".`);
  }
  const [accessKey, date, region, service] = parts as [string, string, string, string];
  if (service !== 's3' && !(snsAllowed && service === 'sns'))
    throw fail(`The credential scope names service ${service}; expecting "s3".`);
  if (date !== amzDate.slice(0, 8))
    throw fail(`Invalid credential date "${date}". This date is not the same as X-Amz-Date: "${amzDate.slice(0, 8)}".`);
  return { accessKey, scope: { date, region, service } };
}

function parseSignedHeaders(value: string, input: SigningInput, fail: (message: string) => StorageError): string[] {
  const names = value.split(';').map((name) => name.trim().toLowerCase());
  if (!names.includes('host')) throw fail('The SignedHeaders must include host.');
  for (const name of names) if (!input.headers[name]) throw fail(`The signed header ${name} is missing from the request.`);
  return names;
}

function toAmzDate(date: Date): string {
  return date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

const malformed = (message: string) => new StorageError('AuthorizationHeaderMalformed', message);
