import type { VersionListParams, VersionPage } from '../listing/list-versions';
import type { BucketRecord } from '../model/bucket';
import { StorageError } from '../model/errors';
import { uriEncode } from '../model/uri-encoding';
import { configurationFields } from './configuration-body';
import { s3Document } from './s3-documents';

/** GetBucketVersioning: no Status at all for a bucket that was never versioned, as S3 answers. */
export function versioningConfigurationXml(status: BucketRecord['versioning']): string {
  return s3Document('VersioningConfiguration', status === undefined ? {} : { Status: status });
}

/** PutBucketVersioning's body: Status Enabled or Suspended; MFA delete is not supported. */
export function parseVersioningConfiguration(text: string): { status: 'Enabled' | 'Suspended' } {
  const { Status: status, MfaDelete: mfaDelete } = configurationFields(text, 'VersioningConfiguration');
  if (mfaDelete !== undefined && mfaDelete !== 'Disabled')
    throw new StorageError('NotImplemented', 'MFA delete is not supported.');
  if (status !== 'Enabled' && status !== 'Suspended') throw new StorageError('MalformedXML');
  return { status };
}

/** ListVersionsResult. Versions and delete markers are grouped by element name (clients read them as two lists). */
export function listVersionsXml(bucket: string, params: VersionListParams, page: VersionPage): string {
  const encode = (value: string) => (params.urlEncoded ? uriEncode(value, true) : value);
  const owner = (item: { ownerId: string; ownerDisplayName: string }) => ({
    ID: item.ownerId,
    DisplayName: item.ownerDisplayName,
  });
  const common = (item: VersionPage['contents'][number]) => ({
    Key: encode(item.key),
    VersionId: item.versionId,
    IsLatest: item.isLatest,
    LastModified: item.lastModified,
  });
  return s3Document('ListVersionsResult', {
    Name: bucket,
    Prefix: encode(params.prefix),
    KeyMarker: encode(params.keyMarker ?? ''),
    VersionIdMarker: params.versionIdMarker ?? '',
    ...(page.nextKeyMarker === undefined ? {} : { NextKeyMarker: encode(page.nextKeyMarker) }),
    ...(page.nextVersionIdMarker === undefined ? {} : { NextVersionIdMarker: page.nextVersionIdMarker }),
    MaxKeys: params.maxKeys,
    ...(params.delimiter === undefined ? {} : { Delimiter: encode(params.delimiter) }),
    IsTruncated: page.isTruncated,
    ...(params.urlEncoded ? { EncodingType: 'url' } : {}),
    Version: page.contents
      .filter((item) => !item.deleteMarker)
      .map((item) => ({
        ...common(item),
        ETag: `"${item.etag}"`,
        Size: item.size,
        Owner: owner(item),
        StorageClass: 'STANDARD',
      })),
    DeleteMarker: page.contents.filter((item) => item.deleteMarker).map((item) => ({ ...common(item), Owner: owner(item) })),
    CommonPrefixes: page.commonPrefixes.map((prefix) => ({ Prefix: encode(prefix) })),
  });
}
