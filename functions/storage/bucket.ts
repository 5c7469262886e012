import { s3Function } from '../../lib/storage';

/**
 * S3 requests on the bucket level (path style), and whatever a virtual-host request reaches this route with: a
 * virtual-host GET of a one-segment key (`<bucket>.<host>/photo.jpg`) lands here, so this route streams as well.
 */
export const handler = s3Function({ streaming: true });
