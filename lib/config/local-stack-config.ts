import { type Env, oneOf, positiveInteger, stringWithDefault } from './env';
import { STAGES, type Stage } from './service-config';

/** Settings of `npm start` (scripts/local), read from the developer's shell. */
export interface LocalStackConfig {
  port: number;
  dataDir: string;
  seedFile: string;
  stage: Stage;
  storageBaseHost: string;
  storageMaxObjectBytes: number;
}

export function loadLocalStackConfig(env: Env): LocalStackConfig {
  return {
    port: positiveInteger(env, 'PORT', 3000),
    dataDir: stringWithDefault(env, 'DATA_DIR', '.data'),
    seedFile: stringWithDefault(env, 'SEED_FILE', 'config/seed.local.json'),
    stage: oneOf(env, 'STAGE', STAGES, 'sandbox'),
    storageBaseHost: stringWithDefault(env, 'STORAGE_BASE_HOST', 'localhost'),
    storageMaxObjectBytes: positiveInteger(env, 'STORAGE_MAX_OBJECT_BYTES', 4 * 1024 * 1024),
  };
}

/**
 * Key material for storage secret keys on the local stack only. Deployed stages read theirs from
 * Secrets Manager (resources/secrets.yml); this one is public by design.
 */
export const LOCAL_DEV_STORAGE_SECRETS_KEY = 'local-development-only-storage-secrets-key-0001';

/** Signs CSRF tokens and sessions on the local stack only; deployed stages generate theirs (resources/secrets.yml). */
export const LOCAL_DEV_WEB_SECRET = 'local-development-only-web-secret-for-csrf-and-sessions-0001';
