import type { SignInThrottleStore } from '../../http/web';
import type { MerchantRepository } from '../merchants/merchant-repository';
import type { GatewayDependencies } from '../use-cases/dependencies';
import type { AuditLogStore } from './audit/audit-log-store';
import type { SessionStore } from './sessions/session-store';
import type { AdminTransactionStore } from './transactions/admin-transaction-store';

/** What the admin UI's use cases need; wired once per container (admin-container.ts), faked or pointed at emulators in tests. */
export interface AdminDependencies {
  merchants: MerchantRepository;
  sessions: SessionStore;
  throttle: SignInThrottleStore;
  audit: AuditLogStore;
  transactions: AdminTransactionStore;
  /** The gateway's own dependencies: captures and estornos go through its use case. */
  gateway: GatewayDependencies;
  now: () => Date;
}

export type { RequestOrigin } from '../../http/web';
