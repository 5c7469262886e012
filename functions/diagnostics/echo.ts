import { resourceNames } from '../../lib/aws';
import { awsClients } from '../../lib/aws/clients-wiring';
import { serviceConfig } from '../../lib/config/config-wiring';
import { echoRoundTrip } from '../../lib/diagnostics';
import { binaryResponse, bodyBytes, EndpointDisabledError, httpEndpoint, renderPlainError } from '../../lib/http';
import { container } from '../../lib/http/container-wiring';

/** POST /v1/_diagnostics/echo: returns the request body after a round trip through S3 and DynamoDB (off in production). */
export const handler = httpEndpoint(
  async (event) => {
    if (!serviceConfig().diagnostics) throw new EndpointDisabledError();
    const { bytes, md5 } = await echoRoundTrip(awsClients(), resourceNames(serviceConfig()), bodyBytes(event));
    return binaryResponse(200, bytes, { 'x-diagnostic-md5': md5 });
  },
  { surface: 'diagnostics', renderError: renderPlainError, metrics: container.metrics },
);
