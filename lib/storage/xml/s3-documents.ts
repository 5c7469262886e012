import { XMLBuilder } from 'fast-xml-parser';
import type { ListPage } from '../listing/list-objects';
import { encodeContinuationToken, type ListParams } from '../listing/list-params';
import type { BucketRecord } from '../model/bucket';
import { checksumElements } from '../model/object-checksum';
import type { ObjectRecord } from '../model/object-record';
import { uriEncode } from '../model/uri-encoding';

const S3_NS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: false });
export const s3Document = (root: string, body: Record<string, unknown>) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ [root]: { '@_xmlns': S3_NS, ...body } })}`;

export function listBucketsXml(
  owner: { id: string; displayName: string },
  page: { buckets: BucketRecord[]; continuationToken?: string },
  prefix?: string,
): string {
  return s3Document('ListAllMyBucketsResult', {
    Owner: { ID: owner.id, DisplayName: owner.displayName },
    Buckets: { Bucket: page.buckets.map((bucket) => ({ Name: bucket.name, CreationDate: bucket.createdAt })) },
    ...(page.continuationToken === undefined ? {} : { ContinuationToken: page.continuationToken }),
    ...(prefix === undefined ? {} : { Prefix: prefix }),
  });
}

export function locationXml(bucket: BucketRecord): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ LocationConstraint: { '@_xmlns': S3_NS, '#text': bucket.location } })}`;
}

/** POST Object with success_action_status 201. */
export function postResponseXml(location: string, bucket: string, key: string, etag: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ PostResponse: { Location: location, Bucket: bucket, Key: key, ETag: etag } })}`;
}

export function copyObjectResultXml(record: ObjectRecord): string {
  const { checksum } = record;
  return s3Document('CopyObjectResult', {
    LastModified: record.lastModified,
    ETag: `"${record.etag}"`,
    ...checksumElements(checksum),
  });
}

/** ListBucketResult of ListObjects (v1) and ListObjectsV2; with encoding-type=url every key-like value is URL-encoded. */
export function listObjectsXml(bucket: string, params: ListParams, page: ListPage, continuationToken?: string): string {
  const encode = (value: string) => (params.urlEncoded ? uriEncode(value, true) : value);
  const contents = page.contents.map((item) => ({
    Key: encode(item.key),
    LastModified: item.lastModified,
    ETag: `"${item.etag}"`,
    Size: item.size,
    ...(params.fetchOwner ? { Owner: { ID: item.ownerId, DisplayName: item.ownerDisplayName } } : {}),
    StorageClass: 'STANDARD',
  }));
  const common = page.commonPrefixes.map((prefix) => ({ Prefix: encode(prefix) }));
  const delimiter = params.delimiter === undefined ? {} : { Delimiter: encode(params.delimiter) };
  const encodingType = params.urlEncoded ? { EncodingType: 'url' } : {};
  if (params.version === 1) {
    return s3Document('ListBucketResult', {
      Name: bucket,
      // v1 sends Prefix as given even with encoding-type=url: RGW does, and botocore decodes every other v1 field but not this one.
      Prefix: params.prefix,
      Marker: encode(params.marker ?? ''),
      MaxKeys: params.maxKeys,
      ...delimiter,
      IsTruncated: page.isTruncated,
      ...(page.isTruncated && page.next !== undefined && params.delimiter !== undefined ? { NextMarker: encode(page.next) } : {}),
      ...encodingType,
      Contents: contents,
      CommonPrefixes: common,
    });
  }
  return s3Document('ListBucketResult', {
    Name: bucket,
    Prefix: encode(params.prefix),
    MaxKeys: params.maxKeys,
    KeyCount: contents.length + common.length,
    ...delimiter,
    IsTruncated: page.isTruncated,
    ...(continuationToken === undefined ? {} : { ContinuationToken: continuationToken }),
    ...(page.isTruncated && page.next !== undefined ? { NextContinuationToken: encodeContinuationToken(page.next) } : {}),
    ...(params.marker === undefined ? {} : { StartAfter: encode(params.marker) }),
    ...encodingType,
    Contents: contents,
    CommonPrefixes: common,
  });
}
