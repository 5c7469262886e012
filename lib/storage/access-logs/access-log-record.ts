import type { S3Request } from '../requests/s3-request';
import { header, queryParam } from '../requests/s3-request';
import { subresourceOf } from '../requests/subresources';
import { logSafeHost, maskSignatures } from './log-field-safety';

/** What the pipeline knows of a request once answered, for its access log record. */
export interface AccessFacts {
  request: S3Request;
  /** The key the record is about, when not the request's (each key of a multi-object delete). */
  key?: string;
  bucketOwner: string;
  /** The requester's user id; undefined: anonymous. */
  requester?: string;
  status: number;
  errorCode?: string;
  /** Bytes of the response body. */
  bytesSent: number;
  objectSize?: number;
  versionId?: string;
  startedAt: Date;
  endedAt: Date;
  /** An ACL grant to someone other than the bucket owner allowed the request. */
  aclRequired?: boolean;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const two = (value: number) => String(value).padStart(2, '0');

/** `[06/Feb/2019:00:00:38 +0000]`, S3's log time. */
function logTime(at: Date): string {
  return `[${two(at.getUTCDate())}/${MONTHS[at.getUTCMonth()]}/${at.getUTCFullYear()}:${two(at.getUTCHours())}:${two(at.getUTCMinutes())}:${two(at.getUTCSeconds())} +0000]`;
}

const dash = (value: string | number | undefined) => (value === undefined || value === '' ? '-' : String(value));
/** A quoted field: quotes and backslashes inside are escaped so the record still splits into its 26 fields. */
const quoted = (value: string | undefined) => `"${dash(value).replace(/[\\"]/g, (char) => `\\${char}`)}"`;

/** `REST.PUT.OBJECT`, `REST.GET.BUCKET`, `REST.PUT.PART`, `REST.POST.UPLOAD`...: S3's operation names. */
export function operationOf(request: S3Request): string {
  const subresource = subresourceOf(request);
  const resource =
    request.method === 'PUT' && queryParam(request, 'partNumber') !== undefined
      ? 'PART'
      : subresource === 'uploadId'
        ? 'UPLOAD'
        : subresource === 'delete'
          ? 'DELETE_MULTI_OBJECT'
          : subresource === 'logging'
            ? 'LOGGING_STATUS'
            : subresource !== undefined
              ? subresource.toUpperCase()
              : request.key !== undefined
                ? 'OBJECT'
                : 'BUCKET';
  return `REST.${request.method}.${resource}`;
}

/** The signature version and how it was carried (header or query), from the request as sent. */
function authenticationOf(request: S3Request): { version?: string; type?: string } {
  const authorization = header(request, 'authorization');
  if (authorization?.startsWith('AWS4-HMAC-SHA256')) return { version: 'SigV4', type: 'AuthHeader' };
  if (authorization?.startsWith('AWS ')) return { version: 'SigV2', type: 'AuthHeader' };
  if (queryParam(request, 'X-Amz-Signature') !== undefined) return { version: 'SigV4', type: 'QueryString' };
  if (queryParam(request, 'Signature') !== undefined) return { version: 'SigV2', type: 'QueryString' };
  return {};
}

/** A key as S3 logs it: URL-encoded, slashes kept; `-` for none. */
const keyField = (key: string | undefined) => (key === undefined ? '-' : encodeURIComponent(key).replace(/%2F/g, '/'));

/** The request line as S3 logs it: method, the path and query as sent (signatures masked), protocol. */
function requestUri(request: S3Request): string {
  const query = request.query.map(([name, value]) =>
    value === '' ? encodeURIComponent(name) : `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
  );
  return maskSignatures(`${request.method} ${request.rawPath}${query.length > 0 ? `?${query.join('&')}` : ''} HTTP/1.1`);
}

/**
 * One record in S3's server access log format (26 space-separated fields, `-` for none, quoted where S3 quotes):
 * bucket owner, bucket, time, remote IP, requester, request id, operation, key, request-URI, status, error code, bytes
 * sent, object size, total time, turn-around time, referer, user agent, version id, host id, signature version, cipher
 * suite, authentication type, host header, TLS version, access point ARN, ACL required.
 */
export function accessLogRecord(facts: AccessFacts): string {
  const { request } = facts;
  const auth = authenticationOf(request);
  // Trusted: the request parser sets X-Forwarded-Proto from the deployment, not from the client (s3-request-parser.ts).
  const secure = header(request, 'x-forwarded-proto') === 'https';
  const elapsed = Math.max(0, facts.endedAt.getTime() - facts.startedAt.getTime());
  return [
    dash(facts.bucketOwner),
    dash(request.bucket),
    logTime(facts.startedAt),
    dash(request.sourceIp),
    dash(facts.requester),
    dash(request.requestId),
    operationOf(request),
    keyField(facts.key ?? request.key),
    quoted(requestUri(request)),
    String(facts.status),
    dash(facts.errorCode),
    facts.bytesSent > 0 ? String(facts.bytesSent) : '-',
    dash(facts.objectSize),
    String(elapsed),
    String(elapsed),
    quoted(maskSignatures(header(request, 'referer') ?? '')),
    quoted(header(request, 'user-agent')),
    dash(facts.versionId),
    '-',
    dash(auth.version),
    secure ? 'ECDHE-RSA-AES128-GCM-SHA256' : '-',
    dash(auth.type),
    dash(logSafeHost(header(request, 'host'))),
    secure ? 'TLSv1.2' : '-',
    '-',
    facts.aclRequired ? 'Yes' : '-',
  ].join(' ');
}
