import { awsClients, resourceNames } from '../../aws';
import { gatewayDependencies } from '../container';
import { MerchantRepository } from '../merchants/merchant-repository';
import type { AdminDependencies } from './admin-dependencies';
import { AuditLogStore } from './audit/audit-log-store';
import { LoginThrottleStore } from './login/login-throttle-store';
import { SessionStore } from './sessions/session-store';
import { AdminTransactionStore } from './transactions/admin-transaction-store';

let cached: AdminDependencies | undefined;

/** The admin UI's dependencies for this container, built on first use. */
export function adminDependencies(): AdminDependencies {
  if (!cached) {
    const { documents } = awsClients();
    const table = resourceNames().gatewayTable;
    cached = {
      merchants: new MerchantRepository(documents, table),
      sessions: new SessionStore(documents, table),
      throttle: new LoginThrottleStore(documents, table),
      audit: new AuditLogStore(documents, table),
      transactions: new AdminTransactionStore(documents, table),
      gateway: gatewayDependencies(),
      now: () => new Date(),
    };
  }
  return cached;
}
