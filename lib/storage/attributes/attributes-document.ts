import { checksumElement, checksumElements } from '../model/object-checksum';
import { s3Document } from '../xml/s3-documents';
import type { ObjectAttributes, PartsPage } from './object-attributes';

/** `GetObjectAttributesResponse`: only the attributes asked for, the ETag without its quotes, as S3 writes it. */
export function objectAttributesXml({ record, wanted, parts }: ObjectAttributes): string {
  const { checksum } = record;
  return s3Document('GetObjectAttributesResponse', {
    ...(wanted.has('ETag') ? { ETag: record.etag } : {}),
    ...(wanted.has('Checksum') && checksum ? { Checksum: checksumElements(checksum) } : {}),
    ...(parts ? { ObjectParts: objectPartsXml(parts, checksum ? checksumElement(checksum.algorithm) : undefined) } : {}),
    ...(wanted.has('StorageClass') ? { StorageClass: 'STANDARD' } : {}),
    ...(wanted.has('ObjectSize') ? { ObjectSize: record.size } : {}),
  });
}

function objectPartsXml(page: PartsPage, checksumName: string | undefined): Record<string, unknown> {
  return {
    // The API's TotalPartsCount travels as <PartsCount> (its XML name in S3's model; botocore and SDK v3 read that).
    PartsCount: page.total,
    PartNumberMarker: page.marker,
    ...(page.parts.length > 0 ? { NextPartNumberMarker: page.parts.at(-1)!.partNumber } : {}),
    MaxParts: page.maxParts,
    IsTruncated: page.isTruncated,
    Part: page.parts.map(({ partNumber, part }) => ({
      PartNumber: partNumber,
      Size: part.size,
      ...(checksumName && part.checksum !== undefined ? { [checksumName]: part.checksum } : {}),
    })),
  };
}
