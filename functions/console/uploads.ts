import { signedInConsole } from '../../lib/storage/console/http/console-endpoint';
import { presignUpload, renderUploadError, uploadSessionEnded } from '../../lib/storage/console/http/upload-routes';

/** POST /v1/console/buckets/{bucket}/uploads: presigned URLs for the browser's own uploads (JSON). */
export const handler = signedInConsole(presignUpload, { renderError: renderUploadError, signedOut: uploadSessionEnded });
