import { DependencyUnavailableError, retryAfterHeader } from './dependency-failure';
import { EndpointDisabledError, MalformedJsonError } from './errors';
import { jsonResponse } from './responses';
import type { ErrorRenderer } from './types';

/** Error format of the endpoints that belong to neither surface (health, diagnostics). */
export const renderPlainError: ErrorRenderer = (error, { requestId }) => {
  if (error instanceof MalformedJsonError) {
    return jsonResponse(400, { error: { code: 'MalformedJson', message: error.message }, requestId });
  }
  if (error instanceof EndpointDisabledError) {
    return jsonResponse(404, { error: { code: 'NotFound', message: error.message }, requestId });
  }
  if (error instanceof DependencyUnavailableError) {
    const body = { error: { code: 'ServiceUnavailable', message: 'Temporarily unavailable; retry shortly' }, requestId };
    return jsonResponse(503, body, retryAfterHeader(error));
  }
  return jsonResponse(500, { error: { code: 'InternalError', message: 'Internal error' }, requestId });
};
