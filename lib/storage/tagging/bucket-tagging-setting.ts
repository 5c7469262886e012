import { bucketSetting } from '../bucket-settings/bucket-setting';
import { BUCKET_TAG_LIMIT, validTagSet } from '../model/tag-set';
import { parseTagging, taggingXml } from './tagging-documents';

/** `/{bucket}?tagging`: the bucket's tag set (at most 50 tags), replaced whole. */
export const BUCKET_TAGGING_SETTING = bucketSetting({
  subresource: 'tagging',
  field: 'tags',
  actions: { read: 'GetBucketTagging', write: 'PutBucketTagging' },
  notFound: 'NoSuchTagSet',
  parse: (document) => validTagSet(parseTagging(document), BUCKET_TAG_LIMIT),
  toXml: taggingXml,
});
