import { getObjectAcl, putObjectAcl } from '../acl/acl-operations';
import { StorageError } from '../model/errors';
import { bypassGovernanceRequested } from '../model/lock-request-headers';
import { checksumResponseHeaders } from '../model/object-checksum';
import { encryptionResponseHeaders } from '../model/object-encryption';
import { copyObject } from '../objects/copy-object';
import { deleteObject } from '../objects/delete-object';
import { putObject } from '../objects/put-object';
import { hasQueryParam, header } from '../requests/s3-request';
import { emptyResult, xmlResult } from '../requests/s3-response';
import { deletePrecondition, writeConditionsOf } from '../store/write-conditions';
import { accessControlPolicyXml } from '../xml/access-control-policy';
import { copyObjectResultXml } from '../xml/s3-documents';
import { OBJECT_ATTRIBUTES_ROUTES } from './attributes-controller';
import { OBJECT_MULTIPART_ROUTES } from './multipart-controller';
import { OBJECT_LOCK_ROUTES } from './object-lock-controller';
import { readObject } from './object-read-response';
import { type RouteTable, versionHeader, versionIdOf, writtenVersionHeader } from './s3-call';
import { OBJECT_TAGGING_ROUTES } from './tagging-controller';
import { OBJECT_TORRENT_ROUTES } from './torrent-controller';

/** `/{bucket}/{key}` and its sub-resources. */
export const OBJECT_ROUTES: RouteTable = {
  '': {
    GET: (call) => readObject(call, true),
    HEAD: (call) => readObject(call, false),
    PUT: async ({ deps, principal, request, bucket, key, body, checksum }) => {
      // A part number means UploadPart, which needs its upload id: never a plain PUT that ignores it.
      if (hasQueryParam(request, 'partNumber')) {
        throw new StorageError('InvalidRequest', 'A part number is valid only with the uploadId of a multipart upload.');
      }
      const copySource = header(request, 'x-amz-copy-source');
      if (copySource !== undefined) {
        const copied = await copyObject(deps, principal, { bucket, key, copySource, headers: request.headers });
        return xmlResult(copyObjectResultXml(copied.record), 200, {
          ...versionHeader(copied.versioned, copied.record.versionId),
          ...encryptionResponseHeaders(copied.record.encryption),
          ...(copied.sourceVersionId === undefined ? {} : { 'x-amz-copy-source-version-id': copied.sourceVersionId }),
        });
      }
      const { record, versioned, expiration } = await putObject(deps, principal, {
        bucket,
        key,
        body,
        headers: request.headers,
        checksum,
      });
      return emptyResult(200, {
        ...expiration,
        etag: `"${record.etag}"`,
        ...checksumResponseHeaders(record.checksum),
        ...encryptionResponseHeaders(record.encryption),
        ...writtenVersionHeader(versioned, record.versionId),
      });
    },
    DELETE: async ({ deps, principal, request, bucket, key }) => {
      const outcome = await deleteObject(deps, principal, bucket, key, {
        versionId: versionIdOf(request),
        precondition: deletePrecondition(writeConditionsOf(request.headers)),
        bypassGovernanceRequested: bypassGovernanceRequested(request.headers),
      });
      return emptyResult(204, {
        ...(outcome.versionId === undefined ? {} : { 'x-amz-version-id': outcome.versionId }),
        ...(outcome.deleteMarker ? { 'x-amz-delete-marker': 'true' } : {}),
      });
    },
  },
  acl: {
    GET: async ({ deps, principal, request, bucket, key }) =>
      xmlResult(accessControlPolicyXml(await getObjectAcl(deps, principal, bucket, key, versionIdOf(request)))),
    PUT: async ({ deps, principal, request, bucket, key, body }) => {
      await putObjectAcl(deps, principal, bucket, key, { headers: request.headers, body }, versionIdOf(request));
      return emptyResult(200);
    },
  },
  ...OBJECT_ATTRIBUTES_ROUTES,
  ...OBJECT_LOCK_ROUTES,
  ...OBJECT_MULTIPART_ROUTES,
  ...OBJECT_TAGGING_ROUTES,
  ...OBJECT_TORRENT_ROUTES,
};
