import { readChecksumHeaders } from '../checksums/read-checksum';
import { readKeyOf } from '../encryption/sse-headers';
import { encryptionResponseHeaders } from '../model/object-encryption';
import { taggingCountHeader } from '../model/tagging-headers';
import { getObject } from '../objects/get-object';
import { assertOverridesAllowed, objectResponseHeaders } from '../objects/object-headers';
import { header, queryParam } from '../requests/s3-request';
import { emptyResult, type S3Response } from '../requests/s3-response';
import { type S3Call, versionHeader, versionIdOf } from './s3-call';

/** GetObject (withBody) and HeadObject: 200, 206 for a range, 304 when not modified. */
export async function readObject({ deps, principal, request, bucket, key }: S3Call, withBody: boolean): Promise<S3Response> {
  assertOverridesAllowed(principal, request.query);
  const result = await getObject(deps, principal, {
    bucket,
    key,
    versionId: versionIdOf(request),
    range: header(request, 'range'),
    partNumber: queryParam(request, 'partNumber'),
    conditions: {
      ifMatch: header(request, 'if-match'),
      ifNoneMatch: header(request, 'if-none-match'),
      ifModifiedSince: header(request, 'if-modified-since'),
      ifUnmodifiedSince: header(request, 'if-unmodified-since'),
    },
    withBody,
    customerKey: readKeyOf(request.headers, deps.sseCustomerKeyOverHttp),
  });
  const headers = {
    ...objectResponseHeaders(result.record, request.query),
    ...encryptionResponseHeaders(result.record.encryption),
    ...versionHeader(result.versioned, result.record.versionId),
    ...taggingCountHeader(result.record.tags),
    ...result.expiration,
  };
  if (result.kind === 'not-modified') {
    return emptyResult(304, { etag: headers.etag!, 'last-modified': headers['last-modified']! });
  }
  const { record, range, partsCount } = result;
  const length = range ? range.end - range.start + 1 : record.size;
  const checksumMode = header(request, 'x-amz-checksum-mode')?.toUpperCase() === 'ENABLED';
  const withLength: Record<string, string> = {
    ...headers,
    ...(checksumMode ? readChecksumHeaders(record, queryParam(request, 'partNumber'), range !== undefined) : {}),
    'content-length': String(length),
  };
  if (partsCount !== undefined) withLength['x-amz-mp-parts-count'] = String(partsCount);
  if (range) withLength['content-range'] = `bytes ${range.start}-${range.end}/${record.size}`;
  return { status: range ? 206 : 200, headers: withLength, body: result.body };
}
