import { jsonResponse } from '../../http';
import type { GatewayResult } from '../use-cases/dependencies';

/** Gateway responses are never cached: they carry a transaction's current state. */
export function gatewayResponse(result: GatewayResult) {
  return jsonResponse(result.statusCode, result.body, { 'cache-control': 'no-store' });
}
