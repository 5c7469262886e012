import { StorageError } from '../model/errors';
import { encryptionResponseHeaders } from '../model/object-encryption';
import { abortMultipartUpload } from '../multipart/abort-upload';
import { completeMultipartUpload } from '../multipart/complete-upload';
import { createMultipartUpload } from '../multipart/create-upload';
import { listingNumber, listMultipartUploads, listParts } from '../multipart/list-uploads';
import {
  completeResultXml,
  copyPartResultXml,
  initiateResultXml,
  listPartsXml,
  listUploadsXml,
  parseCompleteRequest,
} from '../multipart/multipart-documents';
import { uploadPart, uploadPartCopy } from '../multipart/upload-part';
import { header, queryParam } from '../requests/s3-request';
import { emptyResult, xmlResult } from '../requests/s3-response';
import { objectLocation } from './object-location';
import { type RouteTable, type S3Call, writtenVersionHeader } from './s3-call';

/** S3 lists at most 1,000 parts or uploads per page, and says so in MaxParts / MaxUploads. */
const MAX_LISTED = 1000;

const uploadTarget = ({ request, bucket, key }: S3Call) => ({ bucket, key, uploadId: queryParam(request, 'uploadId') ?? '' });

/** `/{bucket}/{key}?uploads` (create) and `?uploadId=U` (part, complete, list parts, abort). */
export const OBJECT_MULTIPART_ROUTES: RouteTable = {
  uploads: {
    POST: async ({ deps, principal, request, bucket, key }) => {
      const upload = await createMultipartUpload(deps, principal, { bucket, key, headers: request.headers });
      return xmlResult(initiateResultXml(upload), 200, {
        ...encryptionResponseHeaders(upload.encryption),
        ...(upload.checksum
          ? { 'x-amz-checksum-algorithm': upload.checksum.algorithm.toUpperCase(), 'x-amz-checksum-type': upload.checksum.type }
          : {}),
      });
    },
  },
  uploadId: {
    PUT: async (call) => {
      const { deps, principal, request, body, checksum } = call;
      const target = { ...uploadTarget(call), partNumber: queryParam(request, 'partNumber'), headers: request.headers };
      const copySource = header(request, 'x-amz-copy-source');
      if (copySource === undefined) {
        const { part, upload } = await uploadPart(deps, principal, target, body, checksum);
        return emptyResult(200, {
          etag: `"${part.etag}"`,
          ...(part.checksum ? { [`x-amz-checksum-${part.checksum.algorithm}`]: part.checksum.value } : {}),
          ...encryptionResponseHeaders(upload.encryption),
        });
      }
      const { part, upload, sourceVersionId } = await uploadPartCopy(deps, principal, { ...target, copySource });
      return xmlResult(copyPartResultXml(part), 200, {
        ...encryptionResponseHeaders(upload.encryption),
        ...(sourceVersionId === undefined ? {} : { 'x-amz-copy-source-version-id': sourceVersionId }),
      });
    },
    POST: async (call) => {
      const { deps, principal, request, bucket, key, body } = call;
      const parts = parseCompleteRequest(body);
      const { record, versioned } = await completeMultipartUpload(deps, principal, {
        ...uploadTarget(call),
        parts,
        headers: request.headers,
      });
      return xmlResult(completeResultXml(objectLocation(request, bucket, key), record), 200, {
        ...writtenVersionHeader(versioned, record.versionId),
        ...encryptionResponseHeaders(record.encryption),
      });
    },
    GET: async (call) => {
      const { deps, principal, request } = call;
      const params = {
        maxParts: Math.min(listingNumber('max-parts', queryParam(request, 'max-parts'), MAX_LISTED), MAX_LISTED),
        marker: listingNumber('part-number-marker', queryParam(request, 'part-number-marker'), 0),
      };
      const page = await listParts(deps, principal, { ...uploadTarget(call), ...params });
      return xmlResult(listPartsXml(page.upload, params, page));
    },
    DELETE: async (call) => {
      await abortMultipartUpload(call.deps, call.principal, uploadTarget(call));
      return emptyResult(204);
    },
  },
};

/** `/{bucket}?uploads`: ListMultipartUploads. */
export const BUCKET_MULTIPART_ROUTES: RouteTable = {
  uploads: {
    GET: async ({ deps, principal, request, bucket }) => {
      const get = (name: string) => queryParam(request, name);
      const encoding = get('encoding-type');
      if (encoding !== undefined && encoding !== 'url') {
        throw new StorageError('InvalidArgument', 'Invalid Encoding Method specified in Request', {
          ArgumentName: 'encoding-type',
          ArgumentValue: encoding,
        });
      }
      const params = {
        prefix: get('prefix') ?? '',
        delimiter: get('delimiter') || undefined,
        maxUploads: Math.min(listingNumber('max-uploads', get('max-uploads'), MAX_LISTED), MAX_LISTED),
        keyMarker: get('key-marker') || undefined,
        // S3 ignores upload-id-marker without key-marker.
        uploadIdMarker: (get('key-marker') && get('upload-id-marker')) || undefined,
        urlEncoded: encoding === 'url',
      };
      return xmlResult(listUploadsXml(bucket, params, await listMultipartUploads(deps, principal, bucket, params)));
    },
  },
};
