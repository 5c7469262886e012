import { type AwsClients, type ResourceNames, secretMaterialLoader } from '../../aws';
import type { ServiceConfig } from '../../config';
import { SignInThrottleStore } from '../../http/web';
import { createStorageWiring } from '../storage-wiring';
import type { StorageWiring } from '../store/storage-deps';
import { ConsoleAuditStore } from './audit/console-audit-store';
import type { ConsoleDependencies } from './console-dependencies';
import { ConsoleSessionStore } from './sessions/console-session-store';

/**
 * The console's dependencies from explicit clients and names, around the storage wiring the S3 functions use. A wiring
 * module: the console functions build them once at module scope; nothing under lib/ imports it.
 */
export function createConsoleDependencies(
  clients: Pick<AwsClients, 'documents'>,
  names: Pick<ResourceNames, 'storageTable'>,
  storage: Pick<StorageWiring, 'deps' | 'keys'>,
  webSecret: () => Promise<string>,
  storageWebsiteHost: string,
  publicBaseUrl?: string,
): ConsoleDependencies {
  const { documents } = clients;
  const table = names.storageTable;
  return {
    storage: storage.deps,
    keys: storage.keys,
    sessions: new ConsoleSessionStore(documents, table),
    throttle: new SignInThrottleStore(documents, table, { prefix: 'LOGINTHROTTLE#console#' }),
    audit: new ConsoleAuditStore(documents, table),
    now: () => new Date(),
    webSecret,
    storageWebsiteHost,
    ...(publicBaseUrl ? { publicBaseUrl } : {}),
  };
}

/** A console function's whole wiring: the console's stores around its own storage wiring. */
export function createConsoleWiring(
  clients: Parameters<typeof createStorageWiring>[0] & Pick<AwsClients, 'documents'>,
  names: Parameters<typeof createStorageWiring>[1],
  config: Parameters<typeof createStorageWiring>[2] &
    Pick<ServiceConfig, 'stage' | 'publicBaseUrl' | 'webSecret' | 'storageWebsiteHost'>,
): ConsoleDependencies {
  const storage = createStorageWiring(clients, names, config);
  const webSecret = secretMaterialLoader(config.webSecret, clients.secrets);
  return createConsoleDependencies(clients, names, storage, webSecret, config.storageWebsiteHost, config.publicBaseUrl);
}
