import { signedInConsole } from '../../lib/storage/console/http/console-endpoint';
import { downloadObject } from '../../lib/storage/console/http/object-routes';

/** GET /v1/console/buckets/{bucket}/download?key=: a presigned, attachment-disposition GET through the S3 API. */
export const handler = signedInConsole(downloadObject);
