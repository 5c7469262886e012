import {
  canonicalQueryString,
  canonicalRequest,
  scopeString,
  signingKeyV4,
  signV4,
  stringToSignV4,
} from '../../auth/sigv4-signing';
import { uriEncode } from '../../model/uri-encoding';

/** One S3 request the console signs for its signed-in user, for the browser to send itself. */
export interface PresignRequest {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  /** The Host the browser will send (the console's own: a same-origin request). */
  host: string;
  bucket: string;
  key: string;
  /** Sub-resources and overrides (`versionId`, `uploadId`, `partNumber`, `response-content-disposition`...). */
  query?: Record<string, string>;
  /** Prepended to the path only in the URL: API Gateway's default domain puts the stage there, and the S3 API does not sign it. */
  stagePrefix?: string;
}

export interface SigningCredentials {
  accessKey: string;
  secretKey: string;
}

/** Short: a URL is handed to the user's own browser and used at once (a part upload within the hour). */
export const PRESIGNED_URL_SECONDS = 3600;
const REGION = 'us-east-1';

/**
 * A SigV4 presigned URL (query authentication, only `host` signed, UNSIGNED-PAYLOAD), path style, relative to the
 * origin. The canonicalisation is the verifier's own (auth/sigv4-signing.ts); a unit test holds it to the AWS SDK's
 * signer. The browser's request then goes through the S3 API like any client's: authentication, the ACL evaluator,
 * the usage charge.
 */
export function presignedUrl(request: PresignRequest, credentials: SigningCredentials, now: Date): string {
  const amzDate = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const scope = { date: amzDate.slice(0, 8), region: REGION, service: 's3' };
  const decodedPath = `/${request.bucket}/${request.key}`;
  const query: [string, string][] = [
    ...Object.entries(request.query ?? {}),
    ['X-Amz-Algorithm', 'AWS4-HMAC-SHA256'],
    ['X-Amz-Credential', `${credentials.accessKey}/${scopeString(scope)}`],
    ['X-Amz-Date', amzDate],
    ['X-Amz-Expires', String(PRESIGNED_URL_SECONDS)],
    ['X-Amz-SignedHeaders', 'host'],
  ];
  const canonical = canonicalRequest(
    { method: request.method, rawPath: decodedPath, decodedPath, query, headers: { host: [request.host] } },
    ['host'],
    'UNSIGNED-PAYLOAD',
  );
  const signature = signV4(signingKeyV4(credentials.secretKey, scope), stringToSignV4(amzDate, scope, canonical));
  return `${request.stagePrefix ?? ''}${uriEncode(decodedPath, true)}?${canonicalQueryString(query)}&X-Amz-Signature=${signature}`;
}
