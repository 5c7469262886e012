import { bucketSetting } from '../bucket-settings/bucket-setting';
import { grantsOf } from '../model/access-control';
import { assertOwnershipFitsAcl } from '../model/object-ownership';
import { ownershipControlsXml, parseOwnershipControls } from './ownership-documents';

/** `?ownershipControls`: who owns new objects; BucketOwnerEnforced only on a bucket whose ACL is private. */
export const OWNERSHIP_SETTING = bucketSetting({
  subresource: 'ownershipControls',
  field: 'ownership',
  actions: { read: 'GetBucketOwnershipControls', write: 'PutBucketOwnershipControls' },
  notFound: 'OwnershipControlsNotFoundError',
  parse: parseOwnershipControls,
  toXml: ownershipControlsXml,
  accept: (ownership, bucket) =>
    assertOwnershipFitsAcl(ownership, grantsOf(bucket), { id: bucket.ownerId, displayName: bucket.ownerDisplayName }),
});
