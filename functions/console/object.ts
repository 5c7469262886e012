import { signedInConsole } from '../../lib/storage/console/http/console-endpoint';
import { changeObject, showObject } from '../../lib/storage/console/http/object-routes';

/** GET/POST /v1/console/buckets/{bucket}/object?key=: an object's details, versions and actions. */
export const handler = signedInConsole((request) =>
  request.event.httpMethod === 'POST' ? changeObject(request) : showObject(request),
);
