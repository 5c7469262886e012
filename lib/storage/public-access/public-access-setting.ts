import { bucketSetting } from '../bucket-settings/bucket-setting';
import { parsePublicAccessBlock, publicAccessBlockXml } from './public-access-documents';

/** `?publicAccessBlock`: how public ACLs count on this bucket. */
export const PUBLIC_ACCESS_BLOCK_SETTING = bucketSetting({
  subresource: 'publicAccessBlock',
  field: 'publicAccessBlock',
  actions: { read: 'GetBucketPublicAccessBlock', write: 'PutBucketPublicAccessBlock' },
  notFound: 'NoSuchPublicAccessBlockConfiguration',
  parse: parsePublicAccessBlock,
  toXml: publicAccessBlockXml,
});
