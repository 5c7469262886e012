import { type ResourceNames, readSecretString, resourceNames, type TableClients } from '../aws';
import { tableClients } from '../aws/clients-wiring';
import type { ServiceConfig } from '../config';
import { serviceConfig } from '../config/config-wiring';
import { logger } from '../log';
import { ConnectedAcquirer, MerchantAcquirerConnections } from './acquirers/connection';
import type { AcquirerLogger } from './acquirers/http/acquirer-http';
import { namedSecretReader } from './connections';
import { gatewayWiring } from './gateway-wiring';
import { MerchantRepository } from './merchants/merchant-repository';
import { pixGatewayWiring } from './pix-psp-wiring';
import type { GatewayDependencies } from './use-cases/dependencies';

/**
 * Merchants' own acquirer connections (DESIGN §7.7) are wired only into the functions that take, capture, refund or
 * consult card payments (create, capture, refund, consult, the card-taking pages, the admin's settle); serverless.yml
 * grants only those the acquirer secrets.
 */

/** Each merchant's acquirer connections from its record and its secrets (Secrets Manager deployed, a directory locally). */
export function createMerchantAcquirers(
  clients: Pick<TableClients, 'documents' | 'secrets'>,
  names: Pick<ResourceNames, 'gatewayTable'>,
  config: Pick<ServiceConfig, 'acquirerSecrets' | 'acquirerAllowHttp'>,
  log: AcquirerLogger = logger(),
  timeoutMs?: number,
): MerchantAcquirerConnections {
  const merchants = new MerchantRepository(clients.documents, names.gatewayTable);
  return new MerchantAcquirerConnections({
    settingsOf: (merchantId, slot) => merchants.getAcquirer(merchantId, slot),
    readSecret: namedSecretReader(config.acquirerSecrets, (name) => readSecretString(clients.secrets, name)),
    allowHttp: config.acquirerAllowHttp,
    logger: log,
    ...(timeoutMs ? { timeoutMs } : {}),
  });
}

/** The gateway's dependencies with card payments through each merchant's connection, the stage's default otherwise. */
export function withMerchantAcquirers(
  deps: GatewayDependencies,
  connections: MerchantAcquirerConnections,
  log: AcquirerLogger = logger(),
): GatewayDependencies {
  return { ...deps, acquirer: new ConnectedAcquirer(connections, deps.acquirer, log) };
}

let connections: MerchantAcquirerConnections | undefined;
const containerConnections = () => {
  connections ??= createMerchantAcquirers(tableClients(), resourceNames(serviceConfig()), serviceConfig());
  return connections;
};

let card: GatewayDependencies | undefined;
let cardAndPix: GatewayDependencies | undefined;

/** gatewayWiring() with merchants' acquirer connections: capture, consult, the card-taking pages. Once per container. */
export function cardGatewayWiring(): GatewayDependencies {
  card ??= withMerchantAcquirers(gatewayWiring(), containerConnections());
  return card;
}

/** pixGatewayWiring() with merchants' acquirer connections: create, refund, the admin's settle. Once per container. */
export function cardAndPixGatewayWiring(): GatewayDependencies {
  cardAndPix ??= withMerchantAcquirers(pixGatewayWiring(), containerConnections());
  return cardAndPix;
}
