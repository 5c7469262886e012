import { describe, expect, it } from 'vitest';
import { holds, isAllowed, type StorageAction } from '../../../lib/storage/access/authorization';
import { cannedGrants } from '../../../lib/storage/acl/canned-acl';
import { aclFromHeaders } from '../../../lib/storage/acl/grant-headers';
import {
  type AccessControlled,
  type Grant,
  listingOrder,
  PERMISSIONS,
  type Permission,
  sameGrants,
} from '../../../lib/storage/model/access-control';
import type { Principal } from '../../../lib/storage/model/principal';
import { payerOf } from '../../../lib/storage/model/request-usage';
import { accessControlPolicyXml, parseAccessControlPolicy } from '../../../lib/storage/xml/access-control-policy';

const user = (id: string): Principal => ({
  kind: 'user',
  user: { id, displayName: id, email: `${id}@example.com`, accessKey: `KEY${id}`, createdAt: '' },
});
const principals: Record<string, Principal> = {
  anonymous: { kind: 'anonymous' },
  owner: user('owner'),
  other: user('other'),
  grantee: user('grantee'),
};
const owner = { id: 'owner', displayName: 'owner' };
const resource = (acl: Grant[]): AccessControlled => ({ ownerId: 'owner', ownerDisplayName: 'owner', acl });
const toGrantee = (permission: Permission): Grant[] => [
  ...cannedGrants('private', owner),
  { grantee: { type: 'CanonicalUser', id: 'grantee', displayName: 'grantee' }, permission },
];
const ALL = [...PERMISSIONS];
const ACPS: Permission[] = ['READ_ACP', 'WRITE_ACP'];

/** ACL × principal → the permissions held. Everything not listed is refused. */
const MATRIX: [string, Grant[], Record<string, Permission[]>][] = [
  ['private', cannedGrants('private', owner), { owner: ALL }],
  ['public-read', cannedGrants('public-read', owner), { owner: ALL, anonymous: ['READ'], other: ['READ'], grantee: ['READ'] }],
  [
    'public-read-write',
    cannedGrants('public-read-write', owner),
    { owner: ALL, anonymous: ['READ', 'WRITE'], other: ['READ', 'WRITE'], grantee: ['READ', 'WRITE'] },
  ],
  ['authenticated-read', cannedGrants('authenticated-read', owner), { owner: ALL, other: ['READ'], grantee: ['READ'] }],
  ...PERMISSIONS.map((permission): [string, Grant[], Record<string, Permission[]>] => [
    `grantee ${permission}`,
    toGrantee(permission),
    { owner: ALL, grantee: permission === 'FULL_CONTROL' ? ALL : [permission] },
  ]),
  [
    'owner left out (keeps the ACPs)',
    [{ grantee: { type: 'CanonicalUser', id: 'grantee', displayName: 'g' }, permission: 'READ' }],
    { owner: ACPS, grantee: ['READ'] },
  ],
  ['empty', [], { owner: ACPS }],
];

describe('the ACL evaluator', () => {
  for (const [name, grants, expected] of MATRIX) {
    it(`decides ${name} for anonymous, owner, other and grantee × every permission`, () => {
      for (const [who, principal] of Object.entries(principals)) {
        const held = PERMISSIONS.filter((permission) => holds(principal, resource(grants), permission));
        expect({ who, held }).toEqual({ who, held: PERMISSIONS.filter((p) => (expected[who] ?? []).includes(p)) });
      }
    });
  }

  it('maps actions to bucket and object permissions', () => {
    const publicBucket = resource(cannedGrants('public-read-write', owner));
    const privateObject = resource(cannedGrants('private', owner));
    const readableObject = resource(cannedGrants('public-read', owner));
    const anonymous = principals.anonymous!;
    const allowed = (principal: Principal, action: StorageAction, object = privateObject) =>
      isAllowed(principal, action, { bucket: publicBucket, object });
    // Bucket WRITE lets anyone put and delete objects; reading needs the object's own READ.
    expect(allowed(anonymous, 'PutObject')).toBe(true);
    expect(allowed(anonymous, 'DeleteObject')).toBe(true);
    expect(allowed(anonymous, 'ListBucket')).toBe(true);
    expect(allowed(anonymous, 'GetObject')).toBe(false);
    expect(allowed(anonymous, 'GetObject', readableObject)).toBe(true);
    expect(allowed(anonymous, 'GetObjectAcl', readableObject)).toBe(false);
    // Configuration sub-resources and DeleteBucket: the bucket owner only, whatever the ACL.
    for (const action of ['DeleteBucket', 'GetBucketLocation', 'PutBucketVersioning', 'PutBucketRequestPayment'] as const) {
      expect(allowed(principals.other!, action)).toBe(false);
      expect(allowed(principals.owner!, action)).toBe(true);
    }
    expect(allowed(principals.other!, 'PutBucketAcl')).toBe(false);
    // Anonymous may not create or list buckets.
    expect(isAllowed(anonymous, 'CreateBucket')).toBe(false);
    expect(isAllowed(anonymous, 'ListAllMyBuckets')).toBe(false);
    expect(isAllowed(principals.other!, 'CreateBucket')).toBe(true);
  });

  it('reads records written before ACLs as private', () => {
    const legacy: AccessControlled = { ownerId: 'owner', ownerDisplayName: 'owner' };
    expect(holds(principals.owner!, legacy, 'READ')).toBe(true);
    expect(holds(principals.other!, legacy, 'READ')).toBe(false);
  });
});

describe('ACL requests', () => {
  it('expands bucket-owner-* canned ACLs only for another bucket owner', () => {
    const bucketOwner = { id: 'boss', displayName: 'boss' };
    expect(cannedGrants('bucket-owner-full-control', owner, bucketOwner)).toHaveLength(2);
    expect(cannedGrants('bucket-owner-read', owner, owner)).toHaveLength(1);
    expect(() => cannedGrants('everyone', owner)).toThrow(expect.objectContaining({ code: 'InvalidArgument' }));
  });

  it('parses grant headers and refuses a canned ACL with them', () => {
    const parsed = aclFromHeaders({
      'x-amz-grant-read': ['id="abc", emailAddress="x@example.com"'],
      'x-amz-grant-write': ['uri="http://acs.amazonaws.com/groups/global/AllUsers"'],
    });
    expect(parsed).toEqual({
      kind: 'grants',
      grants: [
        { grantee: { type: 'CanonicalUser', id: 'abc' }, permission: 'READ' },
        { grantee: { type: 'AmazonCustomerByEmail', email: 'x@example.com' }, permission: 'READ' },
        { grantee: { type: 'Group', uri: 'http://acs.amazonaws.com/groups/global/AllUsers' }, permission: 'WRITE' },
      ],
    });
    expect(aclFromHeaders({ 'x-amz-acl': ['public-read'] })).toEqual({ kind: 'canned', name: 'public-read' });
    expect(() => aclFromHeaders({ 'x-amz-acl': ['private'], 'x-amz-grant-read': ['id="a"'] })).toThrow(
      expect.objectContaining({ code: 'InvalidRequest' }),
    );
    expect(() => aclFromHeaders({ 'x-amz-grant-read': ['nonsense'] })).toThrow(
      expect.objectContaining({ code: 'InvalidArgument' }),
    );
  });

  it('lists group grants first, then users by id (RGW order), and compares grant sets whatever their order', () => {
    const bucketOwner = { id: 'a-bucket-owner', displayName: 'B' };
    const object = cannedGrants('bucket-owner-read', owner, bucketOwner);
    const mixed: Grant[] = [...object, ...cannedGrants('public-read-write', owner).slice(1)];
    expect(listingOrder(mixed).map((grant) => [grant.grantee.type, grant.permission])).toEqual([
      ['Group', 'READ'],
      ['Group', 'WRITE'],
      ['CanonicalUser', 'READ'],
      ['CanonicalUser', 'FULL_CONTROL'],
    ]);
    expect(sameGrants(cannedGrants('public-read', owner), listingOrder(cannedGrants('public-read', owner)))).toBe(true);
    expect(sameGrants(cannedGrants('public-read', owner), cannedGrants('private', owner))).toBe(false);
    expect(sameGrants(cannedGrants('private', owner), cannedGrants('private', { ...owner, displayName: 'renamed' }))).toBe(true);
  });

  it('round-trips the AccessControlPolicy document and refuses malformed ones', () => {
    const xml = accessControlPolicyXml(resource(cannedGrants('public-read', owner)));
    expect(xml).toContain('xsi:type="Group"');
    expect(parseAccessControlPolicy(xml)).toEqual({
      ownerId: 'owner',
      grants: [
        { grantee: { type: 'Group', uri: 'http://acs.amazonaws.com/groups/global/AllUsers' }, permission: 'READ' },
        { grantee: { type: 'CanonicalUser', id: 'owner' }, permission: 'FULL_CONTROL' },
      ],
    });
    for (const bad of [
      '<AccessControlPolicy>',
      '<Other/>',
      '<AccessControlPolicy><AccessControlList/></AccessControlPolicy>',
      '<AccessControlPolicy><Owner><ID>o</ID></Owner><AccessControlList><Grant><Grantee><ID>x</ID></Grantee><Permission>READ</Permission></Grant></AccessControlList></AccessControlPolicy>',
      '<AccessControlPolicy><Owner><ID>o</ID></Owner><AccessControlList><Grant><Grantee xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="CanonicalUser"><ID>x</ID></Grantee><Permission>ALL</Permission></Grant></AccessControlList></AccessControlPolicy>',
    ]) {
      expect(() => parseAccessControlPolicy(bad)).toThrow(expect.objectContaining({ code: 'MalformedACLError' }));
    }
  });
});

describe('requester pays', () => {
  const bucket = {
    name: 'b',
    ownerId: 'owner',
    ownerDisplayName: 'owner',
    createdAt: '',
    location: '',
    acl: cannedGrants('public-read', owner),
    requestPayer: 'Requester' as const,
  };
  const consenting = { ...(principals.other as Extract<Principal, { kind: 'user' }>), paysAsRequester: true };

  it('needs the requester’s consent from everyone but the owner, and refuses anonymous', () => {
    expect(isAllowed(principals.owner!, 'ListBucket', { bucket })).toBe(true);
    expect(isAllowed(principals.other!, 'ListBucket', { bucket })).toBe(false);
    expect(isAllowed(consenting, 'ListBucket', { bucket })).toBe(true);
    expect(isAllowed(principals.anonymous!, 'ListBucket', { bucket })).toBe(false);
    // Consent does not stand in for the ACL.
    expect(isAllowed(consenting, 'PutObject', { bucket })).toBe(false);
  });

  it('charges the consenting requester, the owner otherwise', () => {
    expect(payerOf(bucket, consenting)).toEqual({ payerId: 'other', requesterCharged: true });
    expect(payerOf(bucket, principals.owner!)).toEqual({ payerId: 'owner', requesterCharged: false });
    expect(payerOf({ ...bucket, requestPayer: undefined }, consenting)).toEqual({ payerId: 'owner', requesterCharged: false });
  });
});
