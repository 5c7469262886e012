import { runsUnderServerlessOffline } from '../../config';
import { type ApiEvent, binaryResponse, type Container } from '../../http';
import { recordStorageTraffic } from '../metrics/storage-traffic';
import type { S3Response } from '../requests/s3-response';
import type { StorageWiring } from '../store/storage-deps';
import { asWebsiteRequest } from '../website/website-host';
import { lambdaStreamingRuntime, type StreamableResult, streamifiedHandler } from './lambda-response-stream';
import { storageEndpoint } from './s3-endpoint';
import { handleS3Request } from './s3-pipeline';
import { toS3Request } from './s3-request-parser';
import { serveWebsiteRequest } from './website-endpoint';

export interface S3FunctionOptions {
  /**
   * Answer in Lambda's streaming format when running in the Lambda runtime. Only for functions whose API Gateway
   * integration streams (`ResponseTransferMode: STREAM` in serverless.yml): a buffered integration cannot read it.
   */
  streaming?: boolean;
  /** Where the runtime's `awslambda` global is looked for (tests fake it). */
  scope?: object;
  /** Under serverless offline (its `awslambda` global is no sign of a streaming integration); read from the env by default. */
  offline?: boolean;
}

/**
 * The storage function of every resource level: a virtual-host request for `/{bucket}` is an object
 * request, so each level's function dispatches on the Host header, not on its route.
 */
export function s3Function(
  wiring: Pick<StorageWiring, 'deps' | 'keys' | 'reader'>,
  container: Container,
  options: S3FunctionOptions = {},
) {
  const { deps, keys, reader } = wiring;
  return s3FunctionOf(
    container,
    async (event) => {
      const { storageBaseHost, storageWebsiteHost, publicBaseUrl } = container.config();
      const request = toS3Request(event, storageBaseHost, publicBaseUrl);
      // The website endpoint answers before S3's pipeline: no authentication, HTML errors (lib/storage/website).
      const website = asWebsiteRequest(request, storageWebsiteHost);
      const response = website ? await serveWebsiteRequest(deps, website) : await handleS3Request(deps, keys, request, reader);
      recordStorageTraffic(container.metrics(), request, response);
      return response;
    },
    options,
  );
}

/**
 * One way to compute the answer (the S3 response, and S3 XML for errors), two ways to send it: buffered
 * (serverless-offline, or a buffered integration) or, inside Lambda and when asked, streamed.
 */
export function s3FunctionOf(
  container: Container,
  respond: (event: ApiEvent) => Promise<S3Response>,
  options: S3FunctionOptions = {},
) {
  const offline = options.offline ?? runsUnderServerlessOffline();
  const runtime = options.streaming && !offline ? lambdaStreamingRuntime(options.scope) : undefined;
  const buffered = storageEndpoint(container, async (event) => {
    const response = await respond(event);
    // Buffered, the answer leaves when the handler returns: what comes after it runs first.
    if (!runtime) await response.after?.();
    return toResult(response, runtime !== undefined);
  });
  return runtime ? streamifiedHandler(runtime, buffered) : buffered;
}

function toResult(response: S3Response, streamed: boolean): StreamableResult {
  const after = streamed && response.after ? { after: response.after } : {};
  if (typeof response.body === 'string') {
    return { statusCode: response.status, headers: response.headers, body: response.body, ...after };
  }
  const bytes = response.body ?? Buffer.alloc(0);
  // Streamed, the bytes go out as they are; buffered, they travel base64-encoded and API Gateway decodes them. Either
  // way, nothing re-encodes them or adds a charset.
  if (streamed)
    return {
      statusCode: response.status,
      headers: { 'content-type': 'application/octet-stream', ...response.headers },
      body: '',
      bytes,
      ...after,
    };
  return binaryResponse(response.status, bytes, response.headers);
}
