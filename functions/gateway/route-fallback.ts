import { routeFallback } from '../../lib/gateway/routing/route-fallback';
import { container } from '../../lib/http/container-wiring';

/** ANY /v1, /v1/{proxy+} and every gateway path: 404, or 405 with Allow, in the gateway's formats. */
export const handler = routeFallback(container);
