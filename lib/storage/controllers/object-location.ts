import { uriEncode } from '../auth/uri-encoding';
import { header, type S3Request } from '../requests/s3-request';

/** An object's URL as the client addressed us (POST Object's Location, CompleteMultipartUpload's Location). */
export const objectLocation = (request: S3Request, bucket: string, key: string) =>
  `${header(request, 'x-forwarded-proto') ?? 'http'}://${header(request, 'host') ?? request.host}/${bucket}/${uriEncode(key, true)}`;
