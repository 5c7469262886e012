import { type AwsClients, awsClients, type ResourceNames, resourceNames } from '../../aws';
import { SignInThrottleStore } from '../../http/web';
import { type StorageWiring, storageWiring } from '../storage-deps-provider';
import { ConsoleAuditStore } from './audit/console-audit-store';
import type { ConsoleDependencies } from './console-dependencies';
import { ConsoleSessionStore } from './sessions/console-session-store';

/** The console's dependencies from explicit clients and names, around the storage wiring the S3 functions use. */
export function createConsoleDependencies(
  clients: Pick<AwsClients, 'documents'>,
  names: Pick<ResourceNames, 'storageTable'>,
  storage: Pick<StorageWiring, 'deps' | 'keys'>,
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
  };
}

let cached: ConsoleDependencies | undefined;

/** This container's console dependencies, built on first use. */
export function consoleDependencies(): ConsoleDependencies {
  cached ??= createConsoleDependencies(awsClients(), resourceNames(), storageWiring());
  return cached;
}
