import { resourceNames } from '../../lib/aws';
import { awsClients } from '../../lib/aws/clients-wiring';
import { serviceConfig } from '../../lib/config/config-wiring';
import { container } from '../../lib/http/container-wiring';
import { createConsoleWiring } from '../../lib/storage/console/console-wiring';
import { signedInConsole } from '../../lib/storage/console/http/console-endpoint';
import { presignUpload, renderUploadError, uploadSessionEnded } from '../../lib/storage/console/http/upload-routes';

/** Built once per container, at module scope, and passed in. */
const deps = createConsoleWiring(awsClients(), resourceNames(serviceConfig()), serviceConfig());

/** POST /v1/console/buckets/{bucket}/uploads: presigned URLs for the browser's own uploads (JSON). */
export const handler = signedInConsole(container, deps, presignUpload, {
  renderError: renderUploadError,
  signedOut: uploadSessionEnded,
});
