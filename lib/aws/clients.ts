import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { KMSClient } from '@aws-sdk/client-kms';
import { S3Client } from '@aws-sdk/client-s3';
import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type ServiceConfig, serviceConfig } from '../config';
import { type LazyClient, lazyClient } from './lazy-client';

export interface AwsClients {
  dynamo: DynamoDBClient;
  documents: DynamoDBDocumentClient;
  s3: S3Client;
  /** Imported on first use: read once per container. */
  secrets: LazyClient<SecretsManagerClient>;
  /** Imported on first use: only encrypted objects need it. */
  kms: LazyClient<KMSClient>;
}

type ClientSettings = Pick<ServiceConfig, 'region' | 'dynamodbEndpoint' | 's3Endpoint'>;

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
const MAX_ATTEMPTS = 3;

export function createAwsClients(settings: ClientSettings): AwsClients {
  const local = settings.dynamodbEndpoint !== undefined || settings.s3Endpoint !== undefined;
  const credentials = local ? EMULATOR_CREDENTIALS : undefined;
  const dynamo = new DynamoDBClient({
    region: settings.region,
    endpoint: settings.dynamodbEndpoint,
    credentials,
    maxAttempts: MAX_ATTEMPTS,
    requestHandler: METADATA_TIMEOUTS,
  });
  return {
    dynamo,
    documents: DynamoDBDocumentClient.from(dynamo, {
      marshallOptions: { removeUndefinedValues: true, convertEmptyValues: false },
    }),
    s3: new S3Client({
      region: settings.region,
      endpoint: settings.s3Endpoint,
      credentials,
      forcePathStyle: settings.s3Endpoint !== undefined,
      maxAttempts: MAX_ATTEMPTS,
      requestHandler: BLOB_TIMEOUTS,
      // s3rver stores streamed uploads corrupted when the SDK adds its default CRC32 checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
    secrets: lazyClient(async () => {
      const { SecretsManagerClient } = await import('@aws-sdk/client-secrets-manager');
      return new SecretsManagerClient({
        region: settings.region,
        credentials,
        maxAttempts: MAX_ATTEMPTS,
        requestHandler: METADATA_TIMEOUTS,
      });
    }),
    kms: lazyClient(async () => {
      const { KMSClient } = await import('@aws-sdk/client-kms');
      return new KMSClient({
        region: settings.region,
        credentials,
        maxAttempts: MAX_ATTEMPTS,
        requestHandler: METADATA_TIMEOUTS,
      });
    }),
  };
}

let cached: AwsClients | undefined;

/** The clients of this container: built once, on first use, from the service configuration. */
export function awsClients(): AwsClients {
  cached ??= createAwsClients(serviceConfig());
  return cached;
}
