import {
  ConfigError,
  type Env,
  httpUrl,
  nonNegativeInteger,
  oneOf,
  onOff,
  optionalString,
  positiveInteger,
  requiredString,
  stringWithDefault,
  urlOf,
} from './env';

export const STAGES = ['sandbox', 'production'] as const;
export type Stage = (typeof STAGES)[number];
export const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT'] as const;

/**
 * Who wraps the data keys of SSE-S3 and SSE-KMS objects: keys sealed in the storage table (local stacks), or KMS
 * with the stage's own key for SSE-S3 (deployed stages).
 */
export type StorageKmsSource = { kind: 'local' } | { kind: 'aws'; sseS3KeyId: string };

/** Where the key that encrypts storage secret keys comes from: inline (local) or a Secrets Manager secret. */
export type SecretsKeySource = { kind: 'inline'; material: string } | { kind: 'secretsManager'; secretId: string };

/**
 * Where the merchants' Pix PSP secrets are read (docs/pix.md): a directory of `<secret id>.json` files (local stacks,
 * tests), or Secrets Manager, each secret named `<prefix><secret id>` (deployed stages; IAM grants the prefix only).
 */
export type PixPspSecretsSource = NamedSecretsSource;

/**
 * Where named connection secrets are read: a directory of `<name>.json` files (local stacks, tests), or Secrets
 * Manager, each secret named `<prefix><name>` (deployed stages; IAM grants the prefix only to the functions that use it).
 */
export type NamedSecretsSource = { kind: 'directory'; directory: string } | { kind: 'secretsManager'; prefix: string };

/**
 * The key that signs Pix locations (DESIGN §7.5): the public local development key (local stacks only), or a Secrets
 * Manager secret holding a PEM or a private JWK, or else a random seed the key is derived from (deployed stages).
 */
export type PixLocationKeySource =
  | { kind: 'localDevelopment' }
  | { kind: 'secretsManager'; secretId: string }
  /** Neither set: the location and JWKS endpoints answer 503 rather than sign with a guessable key. */
  | { kind: 'missing' };

/** What the sandbox writes into its Pix charges: the receiver's key and the BR Code's merchant city. */
export interface PixSandboxConfig {
  key: string;
  city: string;
}

export interface ServiceConfig {
  /** The length of a storage lifecycle "day" in seconds (DESIGN §7.6): shorter for tests, as RGW's rgw_lc_debug_interval. */
  storageLifecycleDaySeconds: number;
  /** How long server access log records wait before delivery at most, in seconds (DESIGN §7.6). */
  storageLogFlushSeconds: number;
  /**
   * How long a container keeps request usage counts in memory before it writes them (docs/operations.md, "Keys and
   * scale"); 0 writes each request's count as it is served.
   */
  storageUsageFlushSeconds: number;
  /** MiB of small blobs a storage container keeps in memory (lib/storage/blob-cache); 0: none. */
  storageBlobCacheMib: number;
  /** How long one scheduled delivery invocation keeps polling the webhook outbox (it must end inside its 60 s timeout). */
  webhookLoopSeconds: number;
  stage: Stage;
  region: string;
  gatewayTable: string;
  storageTable: string;
  blobBucket: string;
  /** Set only when running against local emulators. */
  dynamodbEndpoint?: string;
  s3Endpoint?: string;
  storageSecretsKey: SecretsKeySource;
  /** Signs CSRF tokens and admin session cookies (inline locally, a Secrets Manager secret when deployed). */
  webSecret: SecretsKeySource;
  storageBaseHost: string;
  /** The website endpoint: a request for `<bucket>.<storageWebsiteHost>` is served as S3's static website endpoint. */
  storageWebsiteHost: string;
  storageMaxObjectBytes: number;
  /** Failed S3 authentications one address may have per minute before SlowDown. */
  storageAuthFailuresPerMinute: number;
  /** Buckets one storage user may own unless its own limit says otherwise (RGW's rgw_user_max_buckets, default 1000). */
  storageMaxBucketsPerUser: number;
  /** GetObjectTorrent (`?torrent`) serves objects up to this size (default 5 GiB, AWS's limit). */
  storageTorrentMaxBytes: number;
  /** The tracker torrents announce to (http, https, udp or wss); unset: trackerless torrents, fetched from their web seed. */
  storageTorrentTracker?: string;
  diagnostics: boolean;
  /** Where buyers reach this deployment (url_acesso); derived from each request when unset. */
  publicBaseUrl?: string;
  storageKms: StorageKmsSource;
  /** SSE-C over plain HTTP (STORAGE_SSE_C_ALLOW_HTTP=1): local stacks only; S3 and deployed stages refuse it. */
  storageSseCustomerKeyOverHttp: boolean;
  /** Webhooks (DESIGN §7.2): http:// and private targets allowed only where set (npm start, tests); refused in production. */
  webhookAllowPrivate: boolean;
  /** Delay before the first retry of a webhook delivery; each next retry waits 4× the previous. */
  webhookRetryBaseSeconds: number;
  pixPspSecrets: PixPspSecretsSource;
  /** Merchants' acquirer and boleto-bank connection secrets (DESIGN §7.7, §7.8): ACQUIRER_SECRETS_DIR locally. */
  acquirerSecrets: NamedSecretsSource;
  /** `http://` acquirer and bank URLs in those secrets (ACQUIRER_ALLOW_HTTP=1): local stacks only, never deployed. */
  acquirerAllowHttp: boolean;
  /**
   * LOCAL_STACK=1: set by the local stack (npm start, tests, the CLI's local target), never by serverless.yml. It lets a
   * local stack of either stage use the local conveniences (private webhook targets, SSE-C over HTTP, the local Pix
   * key, http:// acquirers) that a deployed production stage refuses.
   */
  localStack: boolean;
  pixLocationKey: PixLocationKeySource;
  pixSandbox: PixSandboxConfig;
}

/** The sandbox's default receiver key: a random key (EVP) of no real account. */
export const SANDBOX_PIX_KEY = '7d9f0335-8dcc-4054-9bf9-0dbd61c26a1d';

export function loadServiceConfig(env: Env): ServiceConfig {
  const inlineKey = optionalString(env, 'STORAGE_SECRETS_KEY');
  const inlineWebSecret = optionalString(env, 'WEB_SECRET');
  const stage = oneOf(env, 'STAGE', STAGES, 'sandbox');
  const localStack = oneOf(env, 'LOCAL_STACK', ['0', '1'] as const, '0') === '1';
  const localOnlyFlag = (name: string): boolean => {
    const on = oneOf(env, name, ['0', '1'] as const, '0') === '1';
    if (on && stage === 'production' && !localStack) {
      throw new ConfigError(`${name}=1 is for local stacks only, never on a deployed production stage`);
    }
    return on;
  };
  const webhookAllowPrivate = localOnlyFlag('WEBHOOK_ALLOW_PRIVATE');
  const sseCOverHttp = localOnlyFlag('STORAGE_SSE_C_ALLOW_HTTP');
  const localKms = oneOf(env, 'STORAGE_KMS_LOCAL', ['0', '1'] as const, '0') === '1';
  // Local stacks (either stage) read PSP secrets from files; serverless.yml never sets it, so deployed stages use Secrets Manager.
  const pixPspSecretsDirectory = optionalString(env, 'PIX_PSP_SECRETS_DIR');
  const acquirerSecretsDirectory = optionalString(env, 'ACQUIRER_SECRETS_DIR');
  const localPixKey = localOnlyFlag('PIX_LOCATION_KEY_LOCAL');
  const acquirerAllowHttp = localOnlyFlag('ACQUIRER_ALLOW_HTTP');
  return {
    stage,
    region: stringWithDefault(env, 'AWS_REGION', 'us-east-1'),
    gatewayTable: requiredString(env, 'GATEWAY_TABLE'),
    storageTable: requiredString(env, 'STORAGE_TABLE'),
    blobBucket: requiredString(env, 'BLOB_BUCKET'),
    dynamodbEndpoint: httpUrl(env, 'DYNAMODB_ENDPOINT'),
    s3Endpoint: httpUrl(env, 'S3_ENDPOINT'),
    storageSecretsKey: inlineKey
      ? { kind: 'inline', material: inlineKey }
      : { kind: 'secretsManager', secretId: requiredString(env, 'STORAGE_SECRETS_KEY_SECRET_ID') },
    webSecret: inlineWebSecret
      ? { kind: 'inline', material: inlineWebSecret }
      : { kind: 'secretsManager', secretId: requiredString(env, 'WEB_SECRET_ID') },
    storageBaseHost: stringWithDefault(env, 'STORAGE_BASE_HOST', 'localhost'),
    storageWebsiteHost: stringWithDefault(env, 'STORAGE_WEBSITE_HOST', 's3-website.localhost'),
    storageMaxObjectBytes: positiveInteger(env, 'STORAGE_MAX_OBJECT_BYTES', 4 * 1024 * 1024),
    storageKms: localKms ? { kind: 'local' } : { kind: 'aws', sseS3KeyId: requiredString(env, 'STORAGE_SSE_S3_KEY_ID') },
    storageSseCustomerKeyOverHttp: sseCOverHttp,
    storageAuthFailuresPerMinute: positiveInteger(env, 'STORAGE_AUTH_FAILURES_PER_MINUTE', 100),
    storageMaxBucketsPerUser: positiveInteger(env, 'STORAGE_MAX_BUCKETS_PER_USER', 1000),
    storageTorrentMaxBytes: positiveInteger(env, 'STORAGE_TORRENT_MAX_BYTES', 5 * 1024 ** 3),
    storageTorrentTracker: urlOf(
      env,
      'STORAGE_TORRENT_TRACKER',
      ['http:', 'https:', 'udp:', 'wss:'],
      'a tracker URL (http, https, udp or wss)',
    ),
    storageLifecycleDaySeconds: positiveInteger(env, 'STORAGE_LIFECYCLE_DAY_SECONDS', 86_400),
    storageLogFlushSeconds: positiveInteger(env, 'STORAGE_LOG_FLUSH_SECONDS', 300),
    storageUsageFlushSeconds: nonNegativeInteger(env, 'STORAGE_USAGE_FLUSH_SECONDS', 60),
    storageBlobCacheMib: nonNegativeInteger(env, 'STORAGE_BLOB_CACHE_MIB', 32),
    diagnostics: onOff(env, 'DIAGNOSTICS', false),
    publicBaseUrl: httpUrl(env, 'PUBLIC_BASE_URL'),
    webhookAllowPrivate,
    webhookRetryBaseSeconds: positiveInteger(env, 'WEBHOOK_RETRY_BASE_SECONDS', 60),
    webhookLoopSeconds: positiveInteger(env, 'WEBHOOK_LOOP_SECONDS', 45),
    pixPspSecrets: pixPspSecretsDirectory
      ? { kind: 'directory', directory: pixPspSecretsDirectory }
      : { kind: 'secretsManager', prefix: stringWithDefault(env, 'PIX_PSP_SECRET_PREFIX', 'pix-psp/') },
    acquirerSecrets: acquirerSecretsDirectory
      ? { kind: 'directory', directory: acquirerSecretsDirectory }
      : { kind: 'secretsManager', prefix: stringWithDefault(env, 'ACQUIRER_SECRET_PREFIX', 'acquirer/') },
    acquirerAllowHttp,
    localStack,
    pixLocationKey: pixLocationKeySource(localPixKey, optionalString(env, 'PIX_LOCATION_KEY_SECRET_ID')),
    pixSandbox: {
      key: stringWithDefault(env, 'PIX_SANDBOX_KEY', SANDBOX_PIX_KEY),
      city: stringWithDefault(env, 'PIX_SANDBOX_CITY', 'SAO PAULO'),
    },
  };
}

function pixLocationKeySource(local: boolean, secretId: string | undefined): PixLocationKeySource {
  if (local) return { kind: 'localDevelopment' };
  return secretId ? { kind: 'secretsManager', secretId } : { kind: 'missing' };
}
