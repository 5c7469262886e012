import type { MetricsSink } from '../../metrics';
import type { S3Request } from '../requests/s3-request';
import type { S3Response } from '../requests/s3-response';

/**
 * The operation a request's bytes count under: its method and resource level (`PUT object`, `GET bucket`). Built from
 * closed sets only: a bucket or key name never becomes a dimension.
 */
export function trafficOperationOf(request: Pick<S3Request, 'method' | 'bucket' | 'key'>): string {
  const level = request.key !== undefined && request.key !== '' ? 'object' : request.bucket ? 'bucket' : 'service';
  const method = /^[A-Z]{3,7}$/.test(request.method) ? request.method : 'OTHER';
  return `${method} ${level}`;
}

/** Object bytes in (the request body) and out (the response body) of one S3 request. */
export function recordStorageTraffic(sink: MetricsSink, request: S3Request, response: Pick<S3Response, 'body'>): void {
  const bytesOut = response.body === undefined ? 0 : Buffer.byteLength(response.body);
  sink.emit({ Operation: trafficOperationOf(request) }, { storageBytesIn: request.body.length, storageBytesOut: bytesOut });
}
