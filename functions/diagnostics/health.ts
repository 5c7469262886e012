import { resourceNames } from '../../lib/aws';
import { awsClients } from '../../lib/aws/clients-wiring';
import { serviceConfig } from '../../lib/config/config-wiring';
import { checkHealth } from '../../lib/diagnostics';
import { httpEndpoint, jsonResponse, renderPlainError } from '../../lib/http';
import { container } from '../../lib/http/container-wiring';

/** GET /v1/health: 200 when the tables and the blob bucket answer, 503 (naming the one that does not) otherwise. */
export const handler = httpEndpoint(
  async () => {
    const report = await checkHealth(awsClients(), resourceNames(serviceConfig()));
    return jsonResponse(report.healthy ? 200 : 503, { stage: serviceConfig().stage, ...report });
  },
  { surface: 'diagnostics', renderError: renderPlainError, metrics: container.metrics },
);
