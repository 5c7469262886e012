import { StorageError } from '../model/errors';
import type { S3Request } from './s3-request';

/** Sub-resources served now. */
const SUPPORTED = new Set([
  'location',
  'acl',
  'versioning',
  'versions',
  'requestPayment',
  'delete',
  'cors',
  'uploads',
  'uploadId',
  'encryption',
  'tagging',
  'ownershipControls',
  'publicAccessBlock',
  'object-lock',
  'retention',
  'legal-hold',
  'policy',
  'policyStatus',
  'lifecycle',
  'logging',
  'attributes',
  // GetObjectTorrent (lib/storage/torrent).
  'torrent',
  // RGW's GetUsage (service level only).
  'usage',
  // Static website hosting (lib/storage/website).
  'website',
  // Bucket event notifications (lib/storage/notifications).
  'notification',
]);
/** Known S3 sub-resources this service does not serve (yet): 501 NotImplemented, as S3-compatible servers answer. */
const NOT_IMPLEMENTED = new Set([
  'replication',
  'restore',
  'select',
  'accelerate',
  'analytics',
  'inventory',
  'metrics',
  'intelligent-tiering',
]);

/**
 * The one sub-resource a request addresses (undefined: the resource itself). Two at once is InvalidArgument.
 * `partNumber` is a parameter of UploadPart and GET/HEAD, not a sub-resource.
 */
export function subresourceOf(request: Pick<S3Request, 'query'>): string | undefined {
  const names = request.query.map(([name]) => name);
  const subresources = [...new Set(names.filter((name) => SUPPORTED.has(name) || NOT_IMPLEMENTED.has(name)))];
  if (subresources.length > 1) {
    throw new StorageError('InvalidArgument', 'Only one sub-resource may be addressed per request', {
      ArgumentName: subresources.join(','),
    });
  }
  const [subresource] = subresources;
  if (subresource !== undefined && NOT_IMPLEMENTED.has(subresource)) throw notImplemented(`The ?${subresource} sub-resource`);
  return subresource;
}

const notImplemented = (what: string) => new StorageError('NotImplemented', `${what} is not implemented by this service.`);
