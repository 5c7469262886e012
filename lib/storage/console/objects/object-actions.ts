import { putObjectAcl } from '../../acl/acl-operations';
import { copyObject } from '../../objects/copy-object';
import { deleteObject } from '../../objects/delete-object';
import { getObject } from '../../objects/get-object';
import { auditAction, type ConsoleActor } from '../console-actor';
import type { ConsoleDependencies } from '../console-dependencies';
import { presignedUrl } from '../presign/presigned-url';
import { attachmentDisposition } from './folder-path';

export interface ObjectRef {
  bucket: string;
  key: string;
  versionId?: string;
}

/** `?versionId=` of the API call, when the action names a version. */
const versionQuery = (ref: ObjectRef): [string, string][] => (ref.versionId ? [['versionId', ref.versionId]] : []);

const target = (ref: ObjectRef) => `${ref.bucket}/${ref.key}${ref.versionId ? `?versionId=${ref.versionId}` : ''}`;

/** DeleteObject as the API runs it (bucket WRITE): a delete marker in a versioned bucket, the version itself when named. */
export async function deleteConsoleObject(deps: ConsoleDependencies, actor: ConsoleActor, ref: ObjectRef) {
  const principal = actor.as({ query: versionQuery(ref) });
  const outcome = await deleteObject(deps.storage, principal, ref.bucket, ref.key, {
    ...(ref.versionId ? { versionId: ref.versionId } : {}),
  });
  await auditAction(deps, actor, 'object_deleted', outcome.deleteMarker ? 'delete marker added' : 'deleted', target(ref));
  return outcome;
}

/** PUT ?acl with a canned ACL (object WRITE_ACP): public-read or private. */
export async function setObjectAcl(
  deps: ConsoleDependencies,
  actor: ConsoleActor,
  ref: ObjectRef,
  acl: 'public-read' | 'private',
): Promise<void> {
  const change = { headers: { 'x-amz-acl': [acl] }, body: Buffer.alloc(0) };
  const principal = actor.as({ headers: change.headers, query: [['acl', ''], ...versionQuery(ref)] });
  await putObjectAcl(deps.storage, principal, ref.bucket, ref.key, change, ref.versionId);
  await auditAction(deps, actor, 'object_acl', acl, target(ref));
}

/**
 * Restore = CopyObject of the older version over the key, as the S3 console does: a new latest version with the old
 * bytes and metadata (and, as every copy, the default private ACL); history is kept.
 */
export async function restoreVersion(
  deps: ConsoleDependencies,
  actor: ConsoleActor,
  ref: ObjectRef & { versionId: string },
): Promise<string> {
  const copySource = `${encodeURIComponent(ref.bucket)}/${encodeURIComponent(ref.key)}?versionId=${encodeURIComponent(ref.versionId)}`;
  const headers = { 'x-amz-copy-source': [copySource] };
  const principal = actor.as({ headers });
  const copied = await copyObject(deps.storage, principal, { bucket: ref.bucket, key: ref.key, copySource, headers });
  await auditAction(deps, actor, 'version_restored', `restored as version ${copied.record.versionId}`, target(ref));
  return copied.record.versionId;
}

/**
 * Where the browser downloads an object: a presigned GET through the S3 API (so the object's READ is checked there
 * too, and the usage charged), saved as an attachment. Checked here first (HeadObject) so that a refusal is a
 * console page, not an XML document.
 */
export async function downloadUrl(
  deps: ConsoleDependencies,
  actor: ConsoleActor,
  ref: ObjectRef,
  where: { host: string; stagePrefix: string },
): Promise<string> {
  await getObject(deps.storage, actor.as({ query: versionQuery(ref) }), { ...ref, conditions: {}, withBody: false });
  const query: Record<string, string> = { 'response-content-disposition': attachmentDisposition(ref.key) };
  if (ref.versionId) query.versionId = ref.versionId;
  return presignedUrl({ method: 'GET', ...where, bucket: ref.bucket, key: ref.key, query }, actor.credentials, deps.now());
}
