import { randomUUID } from 'node:crypto';
import { type ResourceNames, resourceNames, secretMaterialLoader, type TableClients } from '../aws';
import { tableClients } from '../aws/clients-wiring';
import type { ServiceConfig } from '../config';
import { serviceConfig } from '../config/config-wiring';
import { dnsResolver, HttpPushSender } from '../delivery/push-sender';
import { type MetricsSink, NO_METRICS } from '../metrics';
import { metrics } from '../metrics/metrics-wiring';
import type { Acquirer } from './acquirers/acquirer';
import { UnconfiguredProductionAcquirer } from './acquirers/production-acquirer';
import { SandboxAcquirer } from './acquirers/sandbox-acquirer';
import { BoletoBankRepository } from './boleto/bank-connection/boleto-bank-repository';
import { locationKeyLoader } from './pix/location-service/location-key-loader';
import type { PixProvider } from './pix/provider/pix-provider';
import { SandboxPixProvider } from './pix/provider/sandbox-pix-provider';
import { UnconfiguredPixProvider } from './pix/provider/unconfigured-pix-provider';
import { DynamoPixExpiryStore } from './transactions/dynamo-pix-expiry-store';
import { DynamoTransactionStore } from './transactions/dynamo-transaction-store';
import type { GatewayDependencies } from './use-cases/dependencies';
import type { PixExpiryDependencies } from './use-cases/pix-expiry';
import type { DeliveryDependencies } from './webhooks/deliver-webhooks';
import { DynamoOutboxStore } from './webhooks/dynamo-outbox-store';
import { DynamoWebhookEndpointStore } from './webhooks/dynamo-webhook-endpoint-store';

/**
 * The gateway's dependencies from explicit clients, names and configuration (no process.env here):
 * handlers get them once per container through gatewayWiring(); tests, scripts and the
 * webhook delivery timer of `npm start` build their own against any stage.
 */
export function createGatewayDependencies(
  clients: Pick<TableClients, 'documents' | 'secrets'>,
  names: Pick<ResourceNames, 'gatewayTable'>,
  config: Pick<ServiceConfig, 'stage' | 'webSecret' | 'webhookAllowPrivate' | 'pixSandbox' | 'pixLocationKey'>,
  sink: MetricsSink = NO_METRICS,
): GatewayDependencies {
  const acquirer: Acquirer = config.stage === 'production' ? new UnconfiguredProductionAcquirer() : new SandboxAcquirer();
  const now = () => new Date();
  const pixProvider: PixProvider =
    config.stage === 'production' ? new UnconfiguredPixProvider() : new SandboxPixProvider({ ...config.pixSandbox, now });
  return {
    store: new DynamoTransactionStore(clients.documents, names.gatewayTable, undefined, sink),
    acquirer,
    pixProvider,
    pixLocationKey: locationKeyLoader(config.pixLocationKey, clients.secrets),
    now,
    newUuid: randomUUID,
    serverSecret: secretMaterialLoader(config.webSecret, clients.secrets),
    webhooks: new DynamoWebhookEndpointStore(clients.documents, names.gatewayTable),
    webhookAllowPrivate: config.webhookAllowPrivate,
    resolveHost: dnsResolver,
    boletoBanks: new BoletoBankRepository(clients.documents, names.gatewayTable),
  };
}

let cached: GatewayDependencies | undefined;

/**
 * This container's gateway dependencies, from its environment. Handlers call it once, at module scope, and pass the
 * result in; lib code never calls it (dependency-cruiser: lib-not-wiring). One per process: handlers sharing a process
 * (serverless offline) share the id block.
 */
export function gatewayWiring(): GatewayDependencies {
  cached ??= createGatewayDependencies(tableClients(), resourceNames(serviceConfig()), serviceConfig(), metrics());
  return cached;
}

/** The webhook delivery worker's dependencies (the scheduled function, and `npm start`'s timer, against its stage). */
export function createWebhookDelivery(
  clients: Pick<TableClients, 'documents' | 'secrets'>,
  names: Pick<ResourceNames, 'gatewayTable'>,
  config: Pick<ServiceConfig, 'webSecret' | 'webhookAllowPrivate' | 'webhookRetryBaseSeconds'>,
  sink?: MetricsSink,
): DeliveryDependencies {
  return {
    ...(sink ? { metrics: sink } : {}),
    webhooks: new DynamoWebhookEndpointStore(clients.documents, names.gatewayTable),
    outbox: new DynamoOutboxStore(clients.documents, names.gatewayTable),
    sender: new HttpPushSender({ allowPrivate: config.webhookAllowPrivate }),
    now: () => new Date(),
    serverSecret: secretMaterialLoader(config.webSecret, clients.secrets),
    retryBaseSeconds: config.webhookRetryBaseSeconds,
    allowPrivate: config.webhookAllowPrivate,
  };
}

/** The Pix expiry pass's dependencies (the scheduled function, and the local stack's timer, against its stage). */
export function createPixExpiry(
  clients: Pick<TableClients, 'documents'>,
  names: Pick<ResourceNames, 'gatewayTable'>,
  sink: MetricsSink = NO_METRICS,
): PixExpiryDependencies {
  return {
    store: new DynamoTransactionStore(clients.documents, names.gatewayTable, undefined, sink),
    expiry: new DynamoPixExpiryStore(clients.documents, names.gatewayTable),
    now: () => new Date(),
  };
}
