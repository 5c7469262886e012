import { describe, expect, it } from 'vitest';
import { isAllowed } from '../../../lib/storage/access/authorization';
import { cannedGrants } from '../../../lib/storage/acl/canned-acl';
import type { Principal } from '../../../lib/storage/model/principal';

const user = (id: string): Principal => ({
  kind: 'user',
  user: { id, displayName: id, email: `${id}@example.com`, accessKey: `KEY${id}`, createdAt: '' },
});
const bucketOwner = { id: 'owner', displayName: 'owner' };
const writer = { id: 'writer', displayName: 'writer' };
const bucket = (extra: object = {}) => ({
  ownerId: 'owner',
  ownerDisplayName: 'owner',
  acl: cannedGrants('private', bucketOwner),
  ...extra,
});
const writersObject = { ownerId: 'writer', ownerDisplayName: 'writer', acl: cannedGrants('public-read', writer) };

describe('the evaluator under Object Ownership and public access blocks', () => {
  it("decides object access by the bucket's ACL when ACLs are disabled (BucketOwnerEnforced)", () => {
    const resources = { bucket: bucket({ ownership: 'BucketOwnerEnforced' }), object: writersObject };
    expect(isAllowed(user('owner'), 'GetObject', resources)).toBe(true);
    expect(isAllowed(user('writer'), 'GetObject', resources)).toBe(false);
    expect(isAllowed({ kind: 'anonymous' }, 'GetObject', resources)).toBe(false);
    // Without the setting, the object's own ACL decides (its writer's public-read).
    expect(isAllowed({ kind: 'anonymous' }, 'GetObject', { bucket: bucket(), object: writersObject })).toBe(true);
  });

  it('ignores grants to AllUsers and AuthenticatedUsers with IgnorePublicAcls, on the bucket and its objects', () => {
    const block = { publicAccessBlock: { IgnorePublicAcls: true } };
    const publicBucket = { ...bucket(block), acl: cannedGrants('public-read', bucketOwner) };
    expect(isAllowed(user('other'), 'ListBucket', { bucket: publicBucket })).toBe(false);
    expect(isAllowed(user('owner'), 'ListBucket', { bucket: publicBucket })).toBe(true);
    expect(isAllowed({ kind: 'anonymous' }, 'GetObject', { bucket: publicBucket, object: writersObject })).toBe(false);
    expect(isAllowed(user('writer'), 'GetObject', { bucket: publicBucket, object: writersObject })).toBe(true);
  });

  it('lets the object owner (WRITE on the object) or the bucket owner change tags, and READ read them', () => {
    const resources = { bucket: bucket(), object: writersObject };
    expect(isAllowed(user('writer'), 'PutObjectTagging', resources)).toBe(true);
    expect(isAllowed(user('owner'), 'DeleteObjectTagging', resources)).toBe(true);
    expect(isAllowed(user('other'), 'PutObjectTagging', resources)).toBe(false);
    expect(isAllowed(user('other'), 'GetObjectTagging', resources)).toBe(true);
    expect(isAllowed(user('other'), 'GetBucketTagging', resources)).toBe(false);
  });
});
