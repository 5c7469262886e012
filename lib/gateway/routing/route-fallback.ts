import { type Container, type ErrorRenderer, httpEndpoint, MethodNotAllowedError } from '../../http';
import { renderAdminError } from '../admin/http/admin-endpoint';
import { AdminNotFoundError } from '../admin/http/admin-errors';
import { GatewayError } from '../errors';
import { renderGatewayError } from '../http/error-envelope';
import { renderPageError } from '../http/page-endpoint';
import { allowedMethods, isAdminPath, isPagePath } from './gateway-routes';

/**
 * Pages answer with their area's calm "not found" page (405 with `Allow` for a wrong method: a browser shows the
 * page either way), the JSON API with its erro envelope. Nothing of the path is repeated.
 */
const renderFallbackError: ErrorRenderer = (error, request) => {
  if (!isPagePath(request.path)) return renderGatewayError(error, request);
  const page = isAdminPath(request.path)
    ? renderAdminError(new AdminNotFoundError(), request)
    : renderPageError(new GatewayError('not_found'), request);
  if (!(error instanceof MethodNotAllowedError)) return page;
  return { ...page, statusCode: 405, headers: { ...page.headers, allow: error.allowed.join(', ') } };
};

/**
 * Everything under /v1 that no gateway function serves (serverless.yml routes ANY of each gateway path and
 * /v1/{proxy+} here): a known path with another method is 405, anything else 404, in the gateway's own formats,
 * so the storage surface's catch-all routes never answer a /v1 request in S3 XML.
 */
export function routeFallback(container: Container) {
  return httpEndpoint(
    async (event) => {
      const allowed = allowedMethods(event.resource);
      throw allowed.length > 0 ? new MethodNotAllowedError(allowed) : new GatewayError('not_found');
    },
    {
      surface: 'gateway',
      renderError: renderFallbackError,
      metrics: container.metrics,
      stage: () => container.config().stage,
    },
  );
}
