import type { ApiResult } from '../../../http';
import { seeOther } from '../../../http/web';
import { StorageError } from '../../model/errors';
import { s3MessageOf } from '../../model/s3-error-codes';
import { bucketSummaries, createConsoleBucket } from '../buckets/console-buckets';
import { BucketsPage } from '../views/buckets-page';
import { bucketLink } from '../views/console-links';
import { page, type SignedInConsoleRequest, s3StatusOf } from './console-endpoint';

/** GET /v1/console: the user's buckets. */
export async function showBuckets(request: SignedInConsoleRequest): Promise<ApiResult> {
  const notice = request.event.queryStringParameters?.deleted
    ? `Bucket ${request.event.queryStringParameters.deleted} deleted.`
    : undefined;
  return renderBuckets(request, 200, { notice });
}

/** POST /v1/console: create a bucket, then open it; a refusal is shown on the list with the API's code and message. */
export async function createBucketFromConsole(request: SignedInConsoleRequest): Promise<ApiResult> {
  const name = (request.form.name ?? '').trim();
  try {
    await createConsoleBucket(request.deps, request.actor, { name, publicRead: request.form.public === '1' });
  } catch (error) {
    if (!(error instanceof StorageError)) throw error;
    return renderBuckets(request, s3StatusOf(error), {
      problem: `${error.code}: ${s3MessageOf(error)}`,
      name: name.slice(0, 255),
    });
  }
  return seeOther(bucketLink(request.base, name));
}

async function renderBuckets(
  request: SignedInConsoleRequest,
  status: number,
  state: { notice?: string; problem?: string; name?: string },
): Promise<ApiResult> {
  const buckets = await bucketSummaries(request.deps, request.actor);
  return page(status, <BucketsPage {...request.frame} buckets={buckets} {...state} />);
}
