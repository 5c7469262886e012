import { type ResourceNames, resourceNames, type TableClients } from '../../aws';
import { tableClients } from '../../aws/clients-wiring';
import { serviceConfig } from '../../config/config-wiring';
import { SignInThrottleStore } from '../../http/web';
import { gatewayWiring } from '../gateway-wiring';
import { MerchantRepository } from '../merchants/merchant-repository';
import { ADMIN_SIGN_IN_THROTTLE_PREFIX } from '../table/gateway-table';
import type { GatewayDependencies } from '../use-cases/dependencies';
import { DynamoOutboxStore } from '../webhooks/dynamo-outbox-store';
import type { AdminDependencies } from './admin-dependencies';
import { AuditLogStore } from './audit/audit-log-store';
import { SessionStore } from './sessions/session-store';

/** The admin UI's dependencies from explicit clients and names, around the gateway's own (captures go through its use case). */
export function createAdminDependencies(
  clients: Pick<TableClients, 'documents'>,
  names: Pick<ResourceNames, 'gatewayTable'>,
  gateway: GatewayDependencies,
): AdminDependencies {
  const { documents } = clients;
  const table = names.gatewayTable;
  return {
    merchants: new MerchantRepository(documents, table),
    sessions: new SessionStore(documents, table),
    throttle: new SignInThrottleStore(documents, table, { prefix: ADMIN_SIGN_IN_THROTTLE_PREFIX }),
    audit: new AuditLogStore(documents, table),
    transactions: gateway.store,
    outbox: new DynamoOutboxStore(documents, table),
    gateway,
    now: () => new Date(),
  };
}

let cached: AdminDependencies | undefined;

/**
 * This container's admin UI dependencies, from its environment: handlers call it once, at module scope. The settle
 * handler passes the gateway with the stage's Pix provider (pix-psp-wiring.ts), as refunds of Pix need it.
 */
export function adminWiring(gateway: GatewayDependencies = gatewayWiring()): AdminDependencies {
  cached ??= createAdminDependencies(tableClients(), resourceNames(serviceConfig()), gateway);
  return cached;
}
