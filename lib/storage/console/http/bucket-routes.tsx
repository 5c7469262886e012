import { randomBytes } from 'node:crypto';
import { type ApiResult, headerOf } from '../../../http';
import { seeOther } from '../../../http/web';
import { websiteEndpointUrl } from '../../website/website-endpoint-url';
import { isBucketSetting } from '../buckets/bucket-settings';
import { changeBucketSetting, deleteConsoleBucket } from '../buckets/console-buckets';
import { browseBucket } from '../objects/browse-bucket';
import { BucketPage } from '../views/bucket-page';
import { ConfirmPage } from '../views/confirm-page';
import { bucketLink } from '../views/console-links';
import { page, type SignedInConsoleRequest } from './console-endpoint';
import { ConsoleNotFoundError } from './console-errors';

const NOTICES: Record<string, string> = {
  setting: 'Saved.',
  restored: 'Restored: the older version is the latest again.',
};

/** GET /v1/console/buckets/{bucket}: a folder (`prefix`), a prefix search (`search`), a page (`after`); `confirm=delete`. */
export async function showBucket(request: SignedInConsoleRequest): Promise<ApiResult> {
  const query = request.event.queryStringParameters ?? {};
  const name = bucketNameOf(request);
  if (query.confirm === 'delete') {
    return page(
      200,
      <ConfirmPage
        {...request.frame}
        title={`Delete bucket ${name}?`}
        question="The bucket must be empty (no objects, no versions); its name becomes free for anyone."
        action={bucketLink(request.base, name)}
        fields={{ action: 'delete' }}
        cancel={bucketLink(request.base, name)}
      />,
    );
  }
  const listing = await browseBucket(request.deps, request.actor, name, {
    prefix: query.prefix,
    search: query.search,
    after: query.after,
  });
  const scriptNonce = randomBytes(16).toString('base64');
  const notice = NOTICES[query.done ?? ''];
  const website = listing.bucket.website ? websiteLink(request, name) : undefined;
  return page(
    200,
    <BucketPage {...request.frame} scriptNonce={scriptNonce} listing={listing} notice={notice} websiteUrl={website} />,
    { scriptNonce },
  );
}

/** POST /v1/console/buckets/{bucket}: `action=delete` (confirmed) or `action=setting&setting=...`. */
export async function changeBucket(request: SignedInConsoleRequest): Promise<ApiResult> {
  const name = bucketNameOf(request);
  const { form } = request;
  if (form.action === 'delete') {
    await deleteConsoleBucket(request.deps, request.actor, name);
    return seeOther(`${request.base}?deleted=${encodeURIComponent(name)}`);
  }
  if (form.action === 'setting' && isBucketSetting(form.setting)) {
    await changeBucketSetting(request.deps, request.actor, name, form.setting);
    return seeOther(`${bucketLink(request.base, name)}?done=setting`);
  }
  throw new ConsoleNotFoundError();
}

export function bucketNameOf(request: SignedInConsoleRequest): string {
  // Bucket names are URL-safe: anything else names no bucket (and needs no decoding, on which platforms differ).
  const name = request.event.pathParameters?.bucket ?? '';
  if (!/^[A-Za-z0-9._-]{1,255}$/.test(name)) throw new ConsoleNotFoundError();
  return name;
}

/** The bucket's website endpoint, on the scheme and port this console was reached on. */
function websiteLink(request: SignedInConsoleRequest, bucket: string): string {
  const protocol = headerOf(request.event, 'x-forwarded-proto')?.toLowerCase() === 'https' ? 'https' : 'http';
  return websiteEndpointUrl(bucket, request.deps.storageWebsiteHost, { protocol, host: headerOf(request.event, 'host') });
}
