import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { KMSClient } from '@aws-sdk/client-kms';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { ServiceConfig } from '../config';
import { type LazyClient, lazyClient } from './lazy-client';
import { withoutSdkLogger } from './without-sdk-logger';

/**
 * The clients of a function that keeps its state in DynamoDB and never touches the blob bucket (every gateway, admin
 * and pages function): no S3 SDK in its bundle. clients.ts adds S3 for the storage surface.
 */
export interface TableClients {
  dynamo: DynamoDBClient;
  documents: DynamoDBDocumentClient;
  /** Imported on first use: read once per container. */
  secrets: LazyClient<SecretsManagerClient>;
  /** Imported on first use: only encrypted objects need it. */
  kms: LazyClient<KMSClient>;
}

export type ClientSettings = Pick<ServiceConfig, 'region' | 'dynamodbEndpoint' | 's3Endpoint'>;

// The emulators accept any signature from these, and s3rver's own default pair is exactly this.
const EMULATOR_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * Timeouts on purpose (the SDK's default is to wait forever): a dead or hung dependency must cost a request
 * seconds, not the whole 29 s API Gateway allows. `requestTimeout` is the socket's idle time, so a large blob that
 * keeps flowing is not cut; without `throwOnRequestTimeout` the SDK only logs a warning when it passes. With 3 attempts a call gives up after at most ~3 × the idle time plus back-off
 * (DynamoDB ~10 s, blobs ~31 s only for a body that stalls mid-way), and the surface answers 503 with Retry-After.
 */
const METADATA_TIMEOUTS = { connectionTimeout: 1_000, requestTimeout: 3_000, throwOnRequestTimeout: true };
const BLOB_TIMEOUTS = { connectionTimeout: 1_000, requestTimeout: 10_000, throwOnRequestTimeout: true };
/**
 * The emulators run on this machine: a slow accept there means the machine is busy (a burst of 200 requests on two
 * cores), not that a dependency is gone, and a stopped emulator still refuses at once. So locally a connection may
 * take 5 s to be accepted; a dependency that accepts and never answers is given up as on AWS (the idle timeout).
 */
const EMULATOR_CONNECTION_TIMEOUT = 5_000;
export const MAX_ATTEMPTS = 3;

const isLocal = (settings: ClientSettings) => settings.dynamodbEndpoint !== undefined || settings.s3Endpoint !== undefined;

/** Emulator credentials when any endpoint is local; the runtime's own otherwise. */
export function credentialsFor(settings: ClientSettings) {
  return isLocal(settings) ? EMULATOR_CREDENTIALS : undefined;
}

/** The HTTP handler's timeouts for metadata (DynamoDB, Secrets Manager, KMS) or blob clients. */
export function timeoutsFor(settings: ClientSettings, kind: 'metadata' | 'blob') {
  const timeouts = kind === 'metadata' ? METADATA_TIMEOUTS : BLOB_TIMEOUTS;
  return isLocal(settings) ? { ...timeouts, connectionTimeout: EMULATOR_CONNECTION_TIMEOUT } : timeouts;
}

export function createTableClients(settings: ClientSettings): TableClients {
  // What every metadata client shares (DynamoDB, Secrets Manager, KMS).
  const sdkOptions = {
    region: settings.region,
    credentials: credentialsFor(settings),
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: timeoutsFor(settings, 'metadata'),
  };
  const dynamo = withoutSdkLogger(new DynamoDBClient({ ...sdkOptions, endpoint: settings.dynamodbEndpoint }));
  return {
    dynamo,
    documents: DynamoDBDocumentClient.from(dynamo, {
      marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
    }),
    secrets: lazyClient(async () => {
      const { SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
      return withoutSdkLogger(new SecretsManagerClient(sdkOptions));
    }),
    kms: lazyClient(async () => {
      const { KMSClient } = await import('@aws-sdk/client-kms');
      return withoutSdkLogger(new KMSClient(sdkOptions));
    }),
  };
}
