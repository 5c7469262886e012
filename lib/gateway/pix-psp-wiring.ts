import { type ResourceNames, readSecretString, resourceNames, type TableClients } from '../aws';
import { tableClients } from '../aws/clients-wiring';
import type { ServiceConfig } from '../config';
import { serviceConfig } from '../config/config-wiring';
import { logger } from '../log';
import type { MetricsSink } from '../metrics';
import { metrics } from '../metrics/metrics-wiring';
import { createGatewayDependencies } from './gateway-wiring';
import { MerchantRepository } from './merchants/merchant-repository';
import { MerchantPspClients } from './pix/merchant-psp/merchant-psp-clients';
import { PspDueCharges } from './pix/merchant-psp/psp-due-charges';
import { pspSecretReader } from './pix/merchant-psp/psp-secret-reader';
import { ProductionPixProvider } from './pix/provider/production-pix-provider';
import type { PspLogger } from './pix/psp/pix-api-client';
import type { GatewayDependencies } from './use-cases/dependencies';
import type { PixPspCallbackDependencies } from './use-cases/pix-psp-callback';

/**
 * The production Pix connector is wired only into the functions that charge, refund or take the PSP's callback
 * (create-transaction, refund-transaction, the admin's settle, pix-psp-callback): the API Pix client and its schema
 * validators stay out of every other function's bundle and cold start.
 */

/**
 * Each merchant's PSP connection from its merchant record and its PSP secret (Secrets Manager on deployed stages,
 * PIX_PSP_SECRETS_DIR locally), kept per container.
 */
export function createMerchantPspClients(
  clients: Pick<TableClients, 'documents' | 'secrets'>,
  names: Pick<ResourceNames, 'gatewayTable'>,
  config: Pick<ServiceConfig, 'pixPspSecrets'>,
  log: PspLogger = logger(),
): MerchantPspClients {
  const merchants = new MerchantRepository(clients.documents, names.gatewayTable);
  return new MerchantPspClients({
    settingsOf: (merchantId) => merchants.getPixPsp(merchantId),
    readSecret: pspSecretReader(config.pixPspSecrets, (name) => readSecretString(clients.secrets, name)),
    client: { logger: log },
  });
}

/** The gateway's dependencies with the stage's Pix provider: the merchant's PSP on production, the sandbox's otherwise. */
export function createPixGatewayDependencies(
  clients: Pick<TableClients, 'documents' | 'secrets'>,
  names: Pick<ResourceNames, 'gatewayTable'>,
  config: Parameters<typeof createGatewayDependencies>[2] & Pick<ServiceConfig, 'pixPspSecrets'>,
  sink?: MetricsSink,
  connections: MerchantPspClients = createMerchantPspClients(clients, names, config),
): GatewayDependencies {
  const deps = createGatewayDependencies(clients, names, config, sink);
  if (config.stage !== 'production') return deps;
  return { ...deps, pixProvider: new ProductionPixProvider(connections), dueCharges: new PspDueCharges(connections, logger()) };
}

let cachedGateway: GatewayDependencies | undefined;

/** gatewayWiring() for the functions that issue or refund Pix charges: once per container. */
export function pixGatewayWiring(): GatewayDependencies {
  cachedGateway ??= createPixGatewayDependencies(tableClients(), resourceNames(serviceConfig()), serviceConfig(), metrics());
  return cachedGateway;
}

let cachedCallback: PixPspCallbackDependencies | undefined;

/** The PSP callback function's dependencies, once per container. */
export function pixPspCallbackWiring(): PixPspCallbackDependencies {
  if (!cachedCallback) {
    const clients = tableClients();
    const names = resourceNames(serviceConfig());
    cachedCallback = {
      gateway: pixGatewayWiring(),
      merchants: new MerchantRepository(clients.documents, names.gatewayTable),
      connections: createMerchantPspClients(clients, names, serviceConfig()),
      logger: logger(),
    };
  }
  return cachedCallback;
}
