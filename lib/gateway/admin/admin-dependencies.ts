import type { SignInThrottleStore } from '../../http/web/sign-in-throttle-store';
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

/** Where a request came from, for the audit log and the per-IP login limit. */
export interface RequestOrigin {
  ip: string;
  userAgent: string;
}
