import type { SignInThrottleStore } from '../../http/web';
import type { MerchantRepository } from '../merchants/merchant-repository';
import type { TransactionStore } from '../transactions/ports';
import type { GatewayDependencies } from '../use-cases/dependencies';
import type { OutboxStore } from '../webhooks/ports';
import type { AuditLogStore } from './audit/audit-log-store';
import type { SessionStore } from './sessions/session-store';

/** What the admin UI's use cases need; wired once per container (admin-wiring.ts), faked or pointed at emulators in tests. */
export interface AdminDependencies {
  merchants: MerchantRepository;
  sessions: SessionStore;
  throttle: SignInThrottleStore;
  audit: AuditLogStore;
  /** The gateway's transaction store (the same one as `gateway.store`): the admin UI's searches and reads. */
  transactions: TransactionStore;
  /** Webhook deliveries, with their attempts (resend). */
  outbox: OutboxStore;
  /** The gateway's own dependencies: captures and estornos go through its use case. */
  gateway: GatewayDependencies;
  now: () => Date;
}

export type { RequestOrigin } from '../../http/web';
