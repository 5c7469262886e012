import { type Container, type EndpointHandler, httpEndpoint } from '../../http';
import { renderS3Error } from './s3-error-response';

/** The middy stack of every storage function: S3 XML errors, and the request id where S3 clients look for it. */
export function storageEndpoint(container: Container, handler: EndpointHandler) {
  return httpEndpoint(handler, {
    surface: 'storage',
    renderError: renderS3Error,
    requestIdHeaders: ['x-amz-request-id', 'x-request-id'],
    metrics: container.metrics,
  });
}
