import { type Container, type EndpointHandler, httpEndpoint } from '../../http';
import { renderGatewayError } from './error-envelope';

/** The middy stack of every gateway JSON endpoint. */
export function gatewayEndpoint(container: Container, handler: EndpointHandler) {
  return httpEndpoint(handler, { surface: 'gateway', renderError: renderGatewayError, metrics: container.metrics });
}
