import { type AwsClients, createAwsClients, type ResourceNames, resourceNames } from '../../lib/aws';
import { type Env, loadServiceConfig, type ServiceConfig } from '../../lib/config';
import { MerchantRepository } from '../../lib/gateway';
import { KmsKeyRepository, StorageUserRepository, secretBoxProvider } from '../../lib/storage';

/** The clients and repositories of one stage, for operator scripts (CLI, seeding) and tests. */
export interface StageContext {
  config: ServiceConfig;
  clients: AwsClients;
  names: ResourceNames;
  merchants: MerchantRepository;
  storageUsers: StorageUserRepository;
  /** The local stages' KMS keys (sealed in the storage table). */
  kmsKeys: KmsKeyRepository;
}

export function createStageContext(env: Env): StageContext {
  const config = loadServiceConfig(env);
  const clients = createAwsClients(config);
  const names = resourceNames(config);
  const box = secretBoxProvider(config.storageSecretsKey, clients.secrets);
  return {
    config,
    clients,
    names,
    merchants: new MerchantRepository(clients.documents, names.gatewayTable),
    storageUsers: new StorageUserRepository(clients.documents, names.storageTable, box),
    kmsKeys: new KmsKeyRepository(clients.documents, names.storageTable, box),
  };
}
