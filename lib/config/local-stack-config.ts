import { constants } from 'node:buffer';
import { type Env, oneOf, positiveInteger, stringWithDefault } from './env';
import { STAGES, type Stage } from './service-config';

/** Settings of `npm start` (scripts/local), read from the developer's shell. */
export interface LocalStackConfig {
  port: number;
  dataDir: string;
  seedFile: string;
  stage: Stage;
  storageBaseHost: string;
  storageWebsiteHost: string;
  storageMaxObjectBytes: number;
}

/**
 * The local single-request cap (`npm start`, tests): no artificial cap below what the host can carry (DESIGN §5).
 * serverless offline hands a body to the function as base64 in one JavaScript string, so the largest body is the one
 * whose base64 form fits V8's longest string (about 384 MiB on 64-bit Node); the patched HTTP layer refuses larger
 * ones with EntityTooLarge before reading them. Deployed stages keep theirs (serverless.yml, ~4 MiB).
 */
export const LOCAL_MAX_OBJECT_BYTES = Math.floor(constants.MAX_STRING_LENGTH / 4) * 3;

export function loadLocalStackConfig(env: Env): LocalStackConfig {
  return {
    port: positiveInteger(env, 'PORT', 3000),
    dataDir: stringWithDefault(env, 'DATA_DIR', '.data'),
    seedFile: stringWithDefault(env, 'SEED_FILE', 'config/seed.local.json'),
    stage: oneOf(env, 'STAGE', STAGES, 'sandbox'),
    storageBaseHost: stringWithDefault(env, 'STORAGE_BASE_HOST', 'localhost'),
    storageWebsiteHost: stringWithDefault(env, 'STORAGE_WEBSITE_HOST', 's3-website.localhost'),
    storageMaxObjectBytes: positiveInteger(env, 'STORAGE_MAX_OBJECT_BYTES', LOCAL_MAX_OBJECT_BYTES),
  };
}

/**
 * Key material for storage secret keys on the local stack only. Deployed stages read theirs from
 * Secrets Manager (resources/secrets.yml); this one is public by design.
 */
export const LOCAL_DEV_STORAGE_SECRETS_KEY = 'local-development-only-storage-secrets-key-0001';

/** Signs CSRF tokens and sessions on the local stack only; deployed stages generate theirs (resources/secrets.yml). */
export const LOCAL_DEV_WEB_SECRET = 'local-development-only-web-secret-for-csrf-and-sessions-0001';
