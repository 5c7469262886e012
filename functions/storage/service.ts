import { s3Function } from '../../lib/storage';

/** S3 requests on the service level (path style), and whatever a virtual-host request reaches this route with. */
export const handler = s3Function();
