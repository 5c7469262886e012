import { bucketSetting } from '../bucket-settings/bucket-setting';
import { StorageError } from '../model/errors';
import { parsePolicy } from '../policy/parse-policy';
import { isPublicPolicy } from '../policy/public-policy';

/**
 * `?policy`: the bucket policy, a JSON document checked as S3 checks it and kept as it was sent (GET answers it
 * byte for byte). Under BlockPublicPolicy a public one is refused (403), as on S3.
 */
export const POLICY_SETTING = bucketSetting({
  subresource: 'policy',
  field: 'policy',
  actions: { read: 'GetBucketPolicy', write: 'PutBucketPolicy', delete: 'DeleteBucketPolicy' },
  notFound: 'NoSuchBucketPolicy',
  parse: (document, bucket) => {
    parsePolicy(document, bucket.name);
    return document;
  },
  accept: (document, bucket) => {
    if (bucket.publicAccessBlock?.BlockPublicPolicy && isPublicPolicy(parsePolicy(document, bucket.name))) {
      throw new StorageError('AccessDenied');
    }
  },
  toXml: (document) => document,
  mediaType: 'application/json',
  putStatus: 204,
});
