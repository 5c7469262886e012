import { serviceConfig } from '../../config';
import { type ApiEvent, type ApiResult, binaryResponse } from '../../http';
import type { S3Response } from '../requests/s3-response';
import { storageWiring } from '../storage-deps-provider';
import { storageEndpoint } from './s3-endpoint';
import { handleS3Request } from './s3-pipeline';
import { toS3Request } from './s3-request-parser';

/**
 * The storage function of every resource level: a virtual-host request for `/{bucket}` is an object
 * request, so each level's function dispatches on the Host header, not on its route.
 */
export function s3Function() {
  return storageEndpoint(async (event: ApiEvent) => {
    const { deps, keys } = storageWiring();
    return toApiResult(await handleS3Request(deps, keys, toS3Request(event, serviceConfig().storageBaseHost)));
  });
}

function toApiResult(response: S3Response): ApiResult {
  if (typeof response.body === 'string') return { statusCode: response.status, headers: response.headers, body: response.body };
  // Object bytes, and the empty bodies of HEAD, 204 and 304, go out as binary: nothing re-encodes them or adds a charset.
  return binaryResponse(response.status, response.body ?? Buffer.alloc(0), response.headers);
}
