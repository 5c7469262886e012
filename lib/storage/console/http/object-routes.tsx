import type { ApiResult } from '../../../http';
import { seeOther } from '../../../http/web';
import { deleteConsoleObject, downloadUrl, type ObjectRef, restoreVersion, setObjectAcl } from '../objects/object-actions';
import { objectDetails } from '../objects/object-details';
import { ConfirmPage } from '../views/confirm-page';
import { bucketLink, objectLink } from '../views/console-links';
import { ObjectPage } from '../views/object-page';
import { bucketNameOf } from './bucket-routes';
import { page, type SignedInConsoleRequest } from './console-endpoint';
import { ConsoleNotFoundError } from './console-errors';

const NOTICES: Record<string, string> = {
  'public-read': 'Public: anyone with the address may read it.',
  private: 'Private: only those the ACL names may read it.',
  restored: 'Restored: a copy of that version is now the latest.',
};

/** GET /v1/console/buckets/{bucket}/object?key=[&versionId=][&confirm=delete] */
export async function showObject(request: SignedInConsoleRequest): Promise<ApiResult> {
  const ref = objectRefOf(request);
  const query = request.event.queryStringParameters ?? {};
  if (query.confirm === 'delete') {
    const what = ref.versionId ? `Version ${ref.versionId} of ${ref.key}` : ref.key;
    return page(
      200,
      <ConfirmPage
        {...request.frame}
        title="Delete?"
        question={`${what} in ${ref.bucket} will be deleted${ref.versionId ? ' for good' : ' (in a versioned bucket, a delete marker hides it and its versions stay)'}.`}
        action={objectLink(request.base, ref.bucket, ref.key, { versionId: ref.versionId })}
        fields={{ action: 'delete' }}
        cancel={objectLink(request.base, ref.bucket, ref.key, { versionId: ref.versionId })}
      />,
    );
  }
  const details = await objectDetails(request.deps, request.actor, ref);
  const notice = NOTICES[query.done ?? ''];
  return page(200, <ObjectPage {...request.frame} details={details} versionId={ref.versionId} notice={notice} />);
}

/** POST: `action=delete` (confirmed), `action=acl&acl=public-read|private`, `action=restore&versionId=`. */
export async function changeObject(request: SignedInConsoleRequest): Promise<ApiResult> {
  const ref = objectRefOf(request);
  const { form, deps, actor, base } = request;
  if (form.action === 'delete') {
    await deleteConsoleObject(deps, actor, ref);
    const folder = ref.key.slice(0, ref.key.lastIndexOf('/') + 1);
    return seeOther(bucketLink(base, ref.bucket, { prefix: folder }));
  }
  if (form.action === 'acl' && (form.acl === 'public-read' || form.acl === 'private')) {
    await setObjectAcl(deps, actor, ref, form.acl);
    return seeOther(`${objectLink(base, ref.bucket, ref.key, { versionId: ref.versionId })}&done=${form.acl}`);
  }
  if (form.action === 'restore' && form.versionId) {
    await restoreVersion(deps, actor, { bucket: ref.bucket, key: ref.key, versionId: form.versionId });
    return seeOther(`${objectLink(base, ref.bucket, ref.key)}&done=restored`);
  }
  throw new ConsoleNotFoundError();
}

/** GET /v1/console/buckets/{bucket}/download?key=[&versionId=]: 303 to a presigned GET, saved as an attachment. */
export async function downloadObject(request: SignedInConsoleRequest): Promise<ApiResult> {
  return seeOther(await downloadUrl(request.deps, request.actor, objectRefOf(request), request.target));
}

function objectRefOf(request: SignedInConsoleRequest): ObjectRef {
  const query = request.event.queryStringParameters ?? {};
  if (!query.key) throw new ConsoleNotFoundError();
  return { bucket: bucketNameOf(request), key: query.key, ...(query.versionId ? { versionId: query.versionId } : {}) };
}
