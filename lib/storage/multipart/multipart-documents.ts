import { XMLValidator } from 'fast-xml-parser';
import type { ListPage } from '../listing/list-objects';
import { CHECKSUM_ALGORITHMS } from '../model/checksum-algorithms';
import { StorageError } from '../model/errors';
import type { RequestedPart } from '../model/multipart-rules';
import type { MultipartUpload, UploadedPart } from '../model/multipart-upload';
import { checksumElement, checksumElements } from '../model/object-checksum';
import type { ObjectRecord } from '../model/object-record';
import { uriEncode } from '../model/uri-encoding';
import { s3Document } from '../xml/s3-documents';
import { s3XmlParser } from '../xml/xml-parser';

const parser = s3XmlParser({ isArray: (name) => name === 'Part' });

/** The parts of a CompleteMultipartUpload body; anything but that document is MalformedXML. */
export function parseCompleteRequest(body: Buffer): RequestedPart[] {
  const text = body.toString('utf8');
  if (text.trim() === '' || XMLValidator.validate(text) !== true) throw malformed();
  const root = (parser.parse(text) as Record<string, unknown>).CompleteMultipartUpload;
  if (typeof root !== 'object' || root === null) throw malformed();
  const parts = ((root as { Part?: unknown[] }).Part ?? []) as ({ PartNumber?: unknown; ETag?: unknown } & Record<
    string,
    unknown
  >)[];
  return parts.map((part) => {
    if (typeof part !== 'object' || typeof part.PartNumber !== 'string' || !/^\d+$/.test(part.PartNumber.trim()))
      throw malformed();
    if (typeof part.ETag !== 'string') throw malformed();
    const checksums = Object.fromEntries(
      CHECKSUM_ALGORITHMS.flatMap((algorithm) => {
        const value = part[checksumElement(algorithm)];
        if (value === undefined) return [];
        if (typeof value !== 'string') throw malformed();
        return [[algorithm, value]];
      }),
    );
    return { partNumber: Number(part.PartNumber), etag: part.ETag, ...(Object.keys(checksums).length > 0 ? { checksums } : {}) };
  });
}

const malformed = () => new StorageError('MalformedXML');

export const initiateResultXml = (upload: MultipartUpload) =>
  s3Document('InitiateMultipartUploadResult', { Bucket: upload.bucket, Key: upload.key, UploadId: upload.uploadId });

export const completeResultXml = (location: string, record: ObjectRecord) =>
  s3Document('CompleteMultipartUploadResult', {
    Location: location,
    Bucket: record.bucket,
    Key: record.key,
    ETag: `"${record.etag}"`,
    ...checksumElements(record.checksum),
  });

export const copyPartResultXml = (part: UploadedPart) =>
  s3Document('CopyPartResult', {
    LastModified: part.lastModified,
    ETag: `"${part.etag}"`,
    ...(part.checksum ? { [checksumElement(part.checksum.algorithm)]: part.checksum.value } : {}),
  });

const initiator = (upload: MultipartUpload) => ({ ID: upload.initiatorId, DisplayName: upload.initiatorDisplayName });
/** The owner the completed object will have. */
const owner = (upload: MultipartUpload) =>
  upload.owner ? { ID: upload.owner.id, DisplayName: upload.owner.displayName } : initiator(upload);

export function listPartsXml(
  upload: MultipartUpload,
  params: { maxParts: number; marker: number },
  page: { parts: UploadedPart[]; isTruncated: boolean },
): string {
  return s3Document('ListPartsResult', {
    Bucket: upload.bucket,
    Key: upload.key,
    UploadId: upload.uploadId,
    Initiator: initiator(upload),
    Owner: owner(upload),
    StorageClass: 'STANDARD',
    ...(upload.checksum
      ? { ChecksumAlgorithm: upload.checksum.algorithm.toUpperCase(), ChecksumType: upload.checksum.type }
      : {}),
    PartNumberMarker: params.marker,
    ...(page.parts.length > 0 ? { NextPartNumberMarker: page.parts.at(-1)!.partNumber } : {}),
    MaxParts: params.maxParts,
    IsTruncated: page.isTruncated,
    Part: page.parts.map((part) => ({
      PartNumber: part.partNumber,
      LastModified: part.lastModified,
      ETag: `"${part.etag}"`,
      Size: part.size,
      ...(part.checksum ? { [checksumElement(part.checksum.algorithm)]: part.checksum.value } : {}),
    })),
  });
}

export interface UploadListParams {
  prefix: string;
  delimiter?: string;
  maxUploads: number;
  keyMarker?: string;
  uploadIdMarker?: string;
  urlEncoded: boolean;
}

export function listUploadsXml(
  bucket: string,
  params: UploadListParams,
  page: ListPage<MultipartUpload> & { nextKeyMarker?: string; nextUploadIdMarker?: string },
): string {
  const encode = (value: string) => (params.urlEncoded ? uriEncode(value, true) : value);
  return s3Document('ListMultipartUploadsResult', {
    Bucket: bucket,
    KeyMarker: encode(params.keyMarker ?? ''),
    UploadIdMarker: params.uploadIdMarker ?? '',
    NextKeyMarker: encode(page.nextKeyMarker ?? ''),
    NextUploadIdMarker: page.nextUploadIdMarker ?? '',
    ...(params.delimiter === undefined ? {} : { Delimiter: encode(params.delimiter) }),
    Prefix: encode(params.prefix),
    MaxUploads: params.maxUploads,
    IsTruncated: page.isTruncated,
    ...(params.urlEncoded ? { EncodingType: 'url' } : {}),
    Upload: page.contents.map((upload) => ({
      Key: encode(upload.key),
      UploadId: upload.uploadId,
      Initiator: initiator(upload),
      Owner: owner(upload),
      StorageClass: 'STANDARD',
      Initiated: upload.initiated,
    })),
    CommonPrefixes: page.commonPrefixes.map((prefix) => ({ Prefix: encode(prefix) })),
  });
}
