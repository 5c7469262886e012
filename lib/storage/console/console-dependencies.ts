import type { SignInThrottleStore, WebSessionStore } from '../../http/web';
import type { AccessKeyResolver } from '../model/storage-user';
import type { StorageDeps } from '../store/storage-deps';
import type { ConsoleAuditLog } from './audit/console-audit';
import type { ConsoleSession } from './sessions/console-session';

/** What the console's use cases need; wired once per container by each console function (console-wiring.ts), pointed at emulators in tests. */
export interface ConsoleDependencies {
  /** The S3 API's own use cases run on these: the console is one more client of them. */
  storage: StorageDeps;
  /** Access keys and their secrets, as the S3 authenticator resolves them. */
  keys: AccessKeyResolver;
  sessions: Pick<WebSessionStore<ConsoleSession>, 'save' | 'find' | 'delete'>;
  throttle: Pick<SignInThrottleStore, 'reserve' | 'release'>;
  audit: ConsoleAuditLog;
  now: () => Date;
  /** STORAGE_WEBSITE_HOST: the buckets' website endpoints, linked from the bucket page. */
  storageWebsiteHost: string;
  /** The web secret's loader (CSRF tokens, session cookies): read once, from config or Secrets Manager. */
  webSecret: () => Promise<string>;
  /** PUBLIC_BASE_URL: with API Gateway's own context, whether console requests arrive over TLS (never a client header). */
  publicBaseUrl?: string;
}
