import { awsClients, resourceNames } from '../../lib/aws';
import { serviceConfig } from '../../lib/config';
import { checkHealth } from '../../lib/diagnostics';
import { httpEndpoint, jsonResponse, renderPlainError } from '../../lib/http';

/** GET /v1/health: 200 when the tables and the blob bucket answer, 503 (naming the one that does not) otherwise. */
export const handler = httpEndpoint(
  async () => {
    const report = await checkHealth(awsClients(), resourceNames());
    return jsonResponse(report.healthy ? 200 : 503, { stage: serviceConfig().stage, ...report });
  },
  { surface: 'diagnostics', renderError: renderPlainError },
);
