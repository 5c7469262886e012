import type { Logger } from '@aws-lambda-powertools/logger';
import type { MiddlewareObj } from '@middy/core';
import { isSensitiveKey, REDACTED } from '../../log';
import type { ApiEvent, ApiResult } from '../types';
import { requestIdOf } from './request-id';

/**
 * One structured line per request (the request id the client saw, method, path, query, status, duration). Query parameters go
 * through the logger's redaction, so `?token=` or a presigned `Signature` never appears in clear.
 */
/** The path with every sensitive path parameter (e.g. a Pix PSP callback's `{callbackSecret}`) redacted. */
function loggedPath(event: Pick<ApiEvent, 'path' | 'pathParameters'>): string {
  let path = event.path;
  for (const [name, value] of Object.entries(event.pathParameters ?? {})) {
    if (value && isSensitiveKey(name)) path = path.split(`/${value}`).join(`/${REDACTED}`);
  }
  return path;
}

export function accessLog(log: Logger): MiddlewareObj<ApiEvent, ApiResult> {
  const started = new WeakMap<object, number>();
  const write: MiddlewareObj<ApiEvent, ApiResult>['after'] = (request) => {
    const start = started.get(request) ?? Date.now();
    log.info('request', {
      requestId: requestIdOf(request.event, request.context.awsRequestId),
      method: request.event.httpMethod,
      path: loggedPath(request.event),
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
