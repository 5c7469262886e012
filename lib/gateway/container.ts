import { randomUUID } from 'node:crypto';
import { awsClients, resourceNames } from '../aws';
import { serviceConfig } from '../config';
import type { Acquirer } from './acquirers/acquirer';
import { UnconfiguredProductionAcquirer } from './acquirers/production-acquirer';
import { SandboxAcquirer } from './acquirers/sandbox-acquirer';
import { DynamoTransactionStore } from './transactions/dynamo-transaction-store';
import type { GatewayDependencies } from './use-cases/dependencies';

let cached: GatewayDependencies | undefined;

/** The gateway's dependencies for this container, built on first use (the id block lives as long as the container). */
export function gatewayDependencies(): GatewayDependencies {
  if (!cached) {
    const acquirer: Acquirer =
      serviceConfig().stage === 'production' ? new UnconfiguredProductionAcquirer() : new SandboxAcquirer();
    cached = {
      store: new DynamoTransactionStore(awsClients().documents, resourceNames().gatewayTable),
      acquirer,
      now: () => new Date(),
      newUuid: randomUUID,
    };
  }
  return cached;
}
