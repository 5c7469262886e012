import { type EndpointHandler, httpEndpoint } from '../../http';
import { renderGatewayError } from './error-envelope';

/** The middy stack of every gateway JSON endpoint. */
export function gatewayEndpoint(handler: EndpointHandler) {
  return httpEndpoint(handler, { surface: 'gateway', renderError: renderGatewayError });
}
