import type { Logger } from '@aws-lambda-powertools/logger';
import type { MiddlewareObj } from '@middy/core';
import type { ApiEvent, ApiResult } from '../types';
import { requestIdOf } from './request-id';

/**
 * One structured line per request (the request id the client saw, method, path, query, status, duration). Query parameters go
 * through the logger's redaction, so `?token=` or a presigned `Signature` never appears in clear.
 */
export function accessLog(log: Logger): MiddlewareObj<ApiEvent, ApiResult> {
  const started = new WeakMap<object, number>();
  const write: MiddlewareObj<ApiEvent, ApiResult>['after'] = (request) => {
    const start = started.get(request) ?? Date.now();
    log.info('request', {
      requestId: requestIdOf(request.event, request.context.awsRequestId),
      method: request.event.httpMethod,
      path: request.event.path,
      query: request.event.queryStringParameters ?? undefined,
      status: request.response?.statusCode,
      durationMs: Date.now() - start,
    });
  };
  return {
    name: 'accessLog',
    before: (request) => {
      started.set(request, Date.now());
    },
    after: write,
    onError: write,
  };
}
