import { changeBucket, showBucket } from '../../lib/storage/console/http/bucket-routes';
import { signedInConsole } from '../../lib/storage/console/http/console-endpoint';

/** GET/POST /v1/console/buckets/{bucket}: a folder of the bucket; its settings and deletion. */
export const handler = signedInConsole((request) =>
  request.event.httpMethod === 'POST' ? changeBucket(request) : showBucket(request),
);
