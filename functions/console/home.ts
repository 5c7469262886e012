import { createBucketFromConsole, showBuckets } from '../../lib/storage/console/http/bucket-list-routes';
import { signedInConsole } from '../../lib/storage/console/http/console-endpoint';
import { showSignIn } from '../../lib/storage/console/http/sign-in-routes';

/** GET /v1/console: the user's buckets, or the sign-in form without a session. POST: create a bucket. */
export const handler = signedInConsole(
  (request) => (request.event.httpMethod === 'POST' ? createBucketFromConsole(request) : showBuckets(request)),
  { signedOut: showSignIn },
);
