import { GROUP_URIS, type Permission, type RequestedGrant, type RequestedGrantee } from '../model/access-control';
import { StorageError } from '../model/errors';

type Headers = Readonly<Record<string, readonly string[]>>;

const GRANT_HEADERS: Record<string, Permission> = {
  'x-amz-grant-read': 'READ',
  'x-amz-grant-write': 'WRITE',
  'x-amz-grant-read-acp': 'READ_ACP',
  'x-amz-grant-write-acp': 'WRITE_ACP',
  'x-amz-grant-full-control': 'FULL_CONTROL',
};

/** What a request asks for through its headers: a canned ACL, explicit grants, or nothing (keep the default). */
export type HeaderAcl = { kind: 'canned'; name: string } | { kind: 'grants'; grants: RequestedGrant[] } | { kind: 'none' };

/** `x-amz-acl` or `x-amz-grant-*` (`id="…"`, `emailAddress="…"`, `uri="…"`, comma-separated); both at once is refused, as S3 does. */
export function aclFromHeaders(headers: Headers): HeaderAcl {
  const canned = headers['x-amz-acl']?.join(',').trim();
  const grants: RequestedGrant[] = [];
  for (const [name, permission] of Object.entries(GRANT_HEADERS)) {
    const value = headers[name]?.join(',');
    if (value === undefined) continue;
    for (const grantee of parseGrantees(name, value)) grants.push({ grantee, permission });
  }
  if (canned !== undefined && grants.length > 0) {
    throw new StorageError('InvalidRequest', 'Specifying both Canned ACLs and Header Grants is not allowed');
  }
  if (canned !== undefined) return { kind: 'canned', name: canned };
  return grants.length > 0 ? { kind: 'grants', grants } : { kind: 'none' };
}

function parseGrantees(header: string, value: string): RequestedGrantee[] {
  const grantees: RequestedGrantee[] = [];
  const pattern = /\s*([A-Za-z]+)\s*=\s*(?:"([^"]*)"|([^,\s]*))\s*(?:,|$)/y;
  let at = 0;
  while (at < value.length) {
    pattern.lastIndex = at;
    const match = pattern.exec(value);
    if (!match || match[0] === '') throw invalidGrant(header, value);
    at = pattern.lastIndex;
    const [, type = '', quoted, bare] = match;
    const subject = (quoted ?? bare ?? '').trim();
    if (subject === '') throw invalidGrant(header, value);
    switch (type.toLowerCase()) {
      case 'id':
        grantees.push({ type: 'CanonicalUser', id: subject });
        break;
      case 'emailaddress':
        grantees.push({ type: 'AmazonCustomerByEmail', email: subject });
        break;
      case 'uri':
        if (!GROUP_URIS.includes(subject)) throw invalidGrant(header, value);
        grantees.push({ type: 'Group', uri: subject });
        break;
      default:
        throw invalidGrant(header, value);
    }
  }
  return grantees;
}

const invalidGrant = (header: string, value: string) =>
  new StorageError('InvalidArgument', undefined, { ArgumentName: header, ArgumentValue: value });
