import { parsePostPolicyClaim } from '../auth/post-policy-claim';
import { verifyClaim } from '../auth/request-authenticator';
import { verifyRequestChecksum } from '../checksums/request-checksum';
import { requestFacts } from '../model/condition-keys';
import { StorageError } from '../model/errors';
import { CONTENT_HEADERS } from '../model/object-record';
import { ANONYMOUS, type Principal } from '../model/principal';
import type { AccessKeyResolver } from '../model/storage-user';
import { OBJECT_TAG_LIMIT, validTagSet } from '../model/tag-set';
import { putObject } from '../objects/put-object';
import { assertFormFields } from '../requests/request-header-rules';
import type { Committed } from '../store/object-writer';
import type { StorageDeps } from '../store/storage-deps';
import { parseTagging } from '../tagging/tagging-documents';
import { parsePostForm } from './post-form';
import { checkPostPolicy, parsePostPolicy } from './post-policy';

/** S3's placeholder for the uploaded file's name in the `key` field (a literal, not a template). */
const FILENAME_PLACEHOLDER = ['$', '{filename}'].join('');

export interface PostObjectResult extends Committed {
  principal: Principal;
  redirect?: string;
  status?: string;
}

/**
 * POST Object (browser-based upload): the form's signature goes through the one verifier, its policy is
 * checked, then the file is stored exactly like a PutObject whose headers are the form's fields.
 */
export async function postObject(
  deps: StorageDeps,
  keys: AccessKeyResolver,
  input: { bucket: string; contentType?: string; body: Buffer; forwardedProto?: string; sourceIp?: string },
): Promise<PostObjectResult> {
  const { fields, file } = await parsePostForm(input.contentType, input.body);
  const claim = parsePostPolicyClaim((name) => fields.get(name));
  const principal: Principal = claim ? { kind: 'user', user: (await verifyClaim(claim, keys, deps.now())).user } : ANONYMOUS;
  const keyField = fields.get('key');
  if (keyField === undefined) {
    throw new StorageError('InvalidArgument', "Bucket POST must contain a field named 'key'.", { ArgumentName: 'key' });
  }
  // The policy judges the key being written (RGW and S3 substitute the file name first).
  const key = keyField.replaceAll(FILENAME_PLACEHOLDER, file.name);
  const policy = fields.get('policy');
  if (policy !== undefined) {
    const judged = new Map([...fields, ['key', key], ['bucket', input.bucket]]);
    checkPostPolicy(parsePostPolicy(policy), judged, file.bytes.length, deps.now());
  }
  // A form's x-amz-* fields are its headers: each honoured or refused as the header would be.
  const amzFields = Object.fromEntries(
    [...fields].filter(([name]) => name.startsWith('x-amz-')).map(([name, value]) => [name, [value]]),
  );
  assertFormFields(amzFields);
  // x-amz-checksum-* fields guard the file as their headers guard a PUT body, and are stored as theirs are.
  const checksumFields = Object.entries(amzFields).filter(([name]) => name.startsWith('x-amz-checksum-'));
  const checksum = verifyRequestChecksum(Object.fromEntries(checksumFields), [], file.bytes);
  const headers: Record<string, string[]> = { 'content-length': [String(file.bytes.length)] };
  // The transport (SSE-C needs HTTPS on deployed stages) is the request's; the encryption fields are the form's.
  if (input.forwardedProto !== undefined) headers['x-forwarded-proto'] = [input.forwardedProto];
  for (const [name, value] of fields) {
    const stored = (CONTENT_HEADERS as readonly string[]).includes(name) || name.startsWith('x-amz-meta-');
    if (stored || name.startsWith('x-amz-server-side-encryption')) headers[name] = [value];
  }
  const acl = fields.get('acl');
  if (acl !== undefined) headers['x-amz-acl'] = [acl];
  const tagging = fields.get('tagging');
  const tags = tagging === undefined ? undefined : validTagSet(parseTagging(tagging), OBJECT_TAG_LIMIT);
  // A bucket policy judges the form as it would the PUT it stands for.
  const facts = requestFacts({ ...(input.sourceIp ? { sourceIp: input.sourceIp } : {}), headers, query: [], now: deps.now() });
  const committed = await putObject(
    deps,
    { ...principal, facts },
    {
      bucket: input.bucket,
      key,
      body: file.bytes,
      headers,
      checksum,
      viaPostForm: true,
      ...(tags ? { tags } : {}),
    },
  );
  return {
    ...committed,
    principal,
    redirect: fields.get('success_action_redirect') ?? fields.get('redirect'),
    status: fields.get('success_action_status'),
  };
}
