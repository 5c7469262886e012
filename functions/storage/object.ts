import { s3Function } from '../../lib/storage';

/**
 * S3 requests on the object level (path style), and whatever a virtual-host request reaches this route with.
 * Streamed on AWS (serverless.yml patches this route's integration to `ResponseTransferMode: STREAM`), so a GET is
 * not held to Lambda's 6 MB buffered response; buffered under serverless-offline.
 */
export const handler = s3Function({ streaming: true });
