import type { MiddlewareObj } from '@middy/core';
import type { ApiEvent, ApiResult } from '../types';

/** The id API Gateway gave the request (the Lambda's own id when invoked directly). */
export function requestIdOf(event: ApiEvent, awsRequestId: string): string {
  return event.requestContext?.requestId || awsRequestId;
}

/** Puts the request id on every response, success or error, under each of the given header names. */
export function requestIdHeaders(headerNames: readonly string[]): MiddlewareObj<ApiEvent, ApiResult> {
  const stamp: MiddlewareObj<ApiEvent, ApiResult>['after'] = (request) => {
    if (!request.response) return;
    const id = requestIdOf(request.event, request.context.awsRequestId);
    const headers = { ...(request.response.headers ?? {}) };
    for (const name of headerNames) headers[name] = id;
    request.response = { ...request.response, headers };
  };
  return { name: 'requestIdHeaders', after: stamp, onError: stamp };
}
