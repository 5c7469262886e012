import { XMLBuilder, XMLValidator } from 'fast-xml-parser';
import {
  type AccessControlled,
  type Grant,
  grantsOf,
  listingOrder,
  PERMISSIONS,
  type Permission,
  type RequestedGrant,
} from '../model/access-control';
import { StorageError } from '../model/errors';
import { s3XmlParser } from './xml-parser';

const S3_NS = 'http://s3.amazonaws.com/doc/2006-03-01/';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', suppressEmptyNode: false });
const parser = s3XmlParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  isArray: (name) => name === 'Grant',
});

/** GetBucketAcl / GetObjectAcl: the AccessControlPolicy document. */
export function accessControlPolicyXml(resource: AccessControlled): string {
  const grants = listingOrder(grantsOf(resource)).map((grant) => ({
    Grantee: granteeXml(grant.grantee),
    Permission: grant.permission,
  }));
  const policy = {
    '@_xmlns': S3_NS,
    Owner: { ID: resource.ownerId, DisplayName: resource.ownerDisplayName },
    AccessControlList: { Grant: grants },
  };
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({ AccessControlPolicy: policy })}`;
}

function granteeXml(grantee: Grant['grantee']) {
  const common = { '@_xmlns:xsi': XSI_NS, '@_xsi:type': grantee.type };
  return grantee.type === 'Group'
    ? { ...common, URI: grantee.uri }
    : { ...common, ID: grantee.id, DisplayName: grantee.displayName };
}

/** A PUT ?acl body: the owner it names and its grants (not yet resolved). Anything off-schema is MalformedACLError. */
export function parseAccessControlPolicy(text: string): { ownerId: string; grants: RequestedGrant[] } {
  if (XMLValidator.validate(text) !== true) throw malformed();
  const policy = (parser.parse(text) as { AccessControlPolicy?: unknown }).AccessControlPolicy;
  if (!isObject(policy)) throw malformed();
  const owner = policy.Owner;
  if (!isObject(owner) || typeof owner.ID !== 'string' || owner.ID.trim() === '') throw malformed();
  const list = policy.AccessControlList;
  if (list !== undefined && list !== '' && !isObject(list)) throw malformed();
  const grants = isObject(list) && Array.isArray(list.Grant) ? list.Grant.map(parseGrant) : [];
  if (grants.length > MAX_GRANTS) throw malformed();
  return { ownerId: owner.ID.trim(), grants };
}

function parseGrant(grant: unknown): RequestedGrant {
  if (!isObject(grant) || !isObject(grant.Grantee)) throw malformed();
  const permission = grant.Permission;
  if (typeof permission !== 'string' || !(PERMISSIONS as readonly string[]).includes(permission)) throw malformed();
  const grantee = grant.Grantee;
  const text = (name: string) => {
    const value = grantee[name];
    if (typeof value !== 'string' || value.trim() === '') throw malformed();
    return value.trim();
  };
  switch (grantee['@_type']) {
    case 'CanonicalUser':
      return { grantee: { type: 'CanonicalUser', id: text('ID') }, permission: permission as Permission };
    case 'AmazonCustomerByEmail':
      return { grantee: { type: 'AmazonCustomerByEmail', email: text('EmailAddress') }, permission: permission as Permission };
    case 'Group':
      return { grantee: { type: 'Group', uri: text('URI') }, permission: permission as Permission };
    default:
      throw malformed();
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const malformed = () => new StorageError('MalformedACLError');
/** S3's limit on the grants of one ACL. */
const MAX_GRANTS = 100;
