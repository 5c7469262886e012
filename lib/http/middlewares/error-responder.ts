import type { Logger } from '@aws-lambda-powertools/logger';
import type { MiddlewareObj } from '@middy/core';
import { dependencyFailureOf } from '../dependency-failure';
import type { ApiEvent, ApiResult, ErrorRenderer } from '../types';
import { requestIdOf } from './request-id';

/**
 * Turns whatever a handler threw into the surface's error format. Client errors are logged as
 * warnings; server errors with their stack, and the client sees only a generic message. 501 Not Implemented is a
 * refusal of what was asked (an unsupported sub-resource), not a failure: a warning too, with no stack.
 */
export function errorResponder(render: ErrorRenderer, log: Logger): MiddlewareObj<ApiEvent, ApiResult> {
  return {
    name: 'errorResponder',
    onError: (request) => {
      // A dependency outage reaches every renderer as one error type, whichever SDK or socket raised it.
      const error = dependencyFailureOf(request.error) ?? request.error;
      const requestId = requestIdOf(request.event, request.context.awsRequestId);
      const response = render(error, { requestId, path: request.event.path ?? '/', method: request.event.httpMethod });
      if (response.statusCode >= 500 && response.statusCode !== 501) {
        log.error('Request failed', { requestId, error: request.error as Error });
      } else {
        log.warn('Request refused', {
          requestId,
          statusCode: response.statusCode,
          reason: error instanceof Error ? error.name : 'unknown',
        });
      }
      request.response = response;
    },
  };
}
