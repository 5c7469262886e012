import { constantTimeEqual } from '../../crypto/constant-time';
import { verifyRequestChecksum } from '../checksums/request-checksum';
import { isWellFormedAccessKey } from '../credentials/access-keys';
import { StorageError } from '../model/errors';
import type { ObjectChecksum } from '../model/object-checksum';
import { ANONYMOUS, type Principal } from '../model/principal';
import type { AccessKeyResolver, ResolvedAccessKey } from '../model/storage-user';
import { hasQueryParam, header, type S3Request } from '../requests/s3-request';
import { type DecodedPayload, plainPayload, type SignatureClaim } from './signature-claim';
import type { SigningInput } from './signing-input';
import { parseSigV2Header, parseSigV2Query } from './sigv2-parsers';
import { parseSigV4Header, parseSigV4Query } from './sigv4-parsers';

export interface Authenticated {
  principal: Principal;
  /** The body's real bytes (aws-chunked decoded, hashes and checksums verified). */
  body: Buffer;
  /** The body's verified additional checksum (`x-amz-checksum-*`), when the request names one. */
  checksum?: ObjectChecksum;
}

const MAX_SKEW_MS = 15 * 60 * 1000;

/**
 * Exactly one mechanism per request (SigV2 or SigV4, header or query, or none = anonymous), one
 * parser per mechanism, and this one verifier: access key, clock, signature, then the payload.
 */
export async function authenticate(request: S3Request, keys: AccessKeyResolver, now: Date): Promise<Authenticated> {
  const claim = parseClaim(request);
  if (!claim) return withChecksum(ANONYMOUS, request, plainPayload('', request.body));
  const resolved = await verifyClaim(claim, keys, now);
  return withChecksum({ kind: 'user', user: resolved.user }, request, claim.payload(resolved.secretKey, request.body));
}

/**
 * Who the request's headers say sent it, the signature checked but not the body (which has not been read yet): the
 * `Expect: 100-continue` probe's question, answered before the client sends its body.
 */
export async function authenticateHeaders(request: S3Request, keys: AccessKeyResolver, now: Date): Promise<Principal> {
  const claim = parseClaim(request);
  return claim ? { kind: 'user', user: (await verifyClaim(claim, keys, now)).user } : ANONYMOUS;
}

/**
 * The body's x-amz-checksum-*, checked once the signature is known good, for every mechanism (SigV2 and anonymous too).
 * CompleteMultipartUpload's x-amz-checksum-<alg> is the assembled object's, not its XML body's: complete-upload checks it.
 */
function withChecksum(principal: Principal, request: S3Request, { data, trailers }: DecodedPayload): Authenticated {
  if (request.method === 'POST' && hasQueryParam(request, 'uploadId')) return { principal, body: data };
  const checksum = verifyRequestChecksum(request.headers, trailers, data);
  return { principal, body: data, ...(checksum ? { checksum } : {}) };
}

/** The one verifier, for every mechanism (POST policies included): access key, clock, then the signature. */
export async function verifyClaim(claim: SignatureClaim, keys: AccessKeyResolver, now: Date): Promise<ResolvedAccessKey> {
  const resolved = isWellFormedAccessKey(claim.accessKey) ? await keys.resolveAccessKey(claim.accessKey) : undefined;
  if (!resolved) throw new StorageError('InvalidAccessKeyId', undefined, { AWSAccessKeyId: claim.accessKey });
  checkTime(claim, now);
  const expected = [claim.sign(resolved.secretKey), ...(claim.signAlternatives?.(resolved.secretKey) ?? [])];
  if (!expected.some((signature) => constantTimeEqual(signature, claim.signature))) {
    throw new StorageError('SignatureDoesNotMatch', undefined, {
      AWSAccessKeyId: claim.accessKey,
      StringToSign: claim.stringToSign,
      SignatureProvided: claim.signature,
      ...(claim.canonicalRequest === undefined ? {} : { CanonicalRequest: claim.canonicalRequest }),
    });
  }
  return resolved;
}

function parseClaim(request: S3Request): SignatureClaim | undefined {
  // An empty Authorization header claims nothing: the request is anonymous (s3-tests: 403 AccessDenied).
  const authorization = header(request, 'authorization') || undefined;
  const v4Query = hasQueryParam(request, 'X-Amz-Algorithm') || hasQueryParam(request, 'X-Amz-Signature');
  const v2Query = hasQueryParam(request, 'AWSAccessKeyId') || hasQueryParam(request, 'Signature');
  const mechanisms = [authorization !== undefined, v4Query, v2Query].filter(Boolean).length;
  if (mechanisms > 1) {
    throw new StorageError(
      'InvalidArgument',
      'Only one auth mechanism allowed; only the X-Amz-Algorithm query parameter, Signature query string parameter or the Authorization header should be specified',
    );
  }
  const input = signingInput(request);
  if (authorization !== undefined) {
    if (authorization.startsWith('AWS4-HMAC-SHA256 ')) return parseSigV4Header(input, authorization, request.body);
    if (authorization.startsWith('AWS ')) return parseSigV2Header(input, authorization);
    throw new StorageError('InvalidArgument', 'Unsupported Authorization Type');
  }
  if (v4Query) return parseSigV4Query(input);
  if (v2Query) return parseSigV2Query(input);
  return undefined;
}

function checkTime(claim: SignatureClaim, now: Date): void {
  if (claim.signedAt && Math.abs(now.getTime() - claim.signedAt.getTime()) > MAX_SKEW_MS) {
    throw new StorageError('RequestTimeTooSkewed', undefined, {
      RequestTime: claim.signedAt.toISOString(),
      ServerTime: now.toISOString(),
      MaxAllowedSkewMilliseconds: String(MAX_SKEW_MS),
    });
  }
  if (claim.notBefore && claim.notBefore.getTime() - now.getTime() > MAX_SKEW_MS) {
    throw new StorageError('AccessDenied', 'Request is not valid yet');
  }
  if (claim.expiresAt && now.getTime() > claim.expiresAt.getTime()) {
    throw new StorageError('AccessDenied', 'Request has expired', {
      Expires: claim.expiresAt.toISOString(),
      ServerTime: now.toISOString(),
    });
  }
}

function signingInput(request: S3Request): SigningInput {
  return {
    method: request.method,
    rawPath: request.rawPath,
    decodedPath: request.path,
    virtualHostBucket: request.virtualHost ? request.bucket : undefined,
    bucketOnly: request.bucket !== undefined && request.key === undefined,
    query: request.query,
    headers: request.headers,
  };
}
