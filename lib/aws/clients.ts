import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { KMSClient } from '@aws-sdk/client-kms';
import { S3Client } from '@aws-sdk/client-s3';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { type ServiceConfig, serviceConfig } from '../config';

export interface AwsClients {
  dynamo: DynamoDBClient;
  documents: DynamoDBDocumentClient;
  s3: S3Client;
  secrets: SecretsManagerClient;
  kms: KMSClient;
}

type ClientSettings = Pick<ServiceConfig, 'region' | 'dynamodbEndpoint' | 's3Endpoint'>;

// The emulators accept any signature from these, and s3rver's own default pair is exactly this.
const EMULATOR_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export function createAwsClients(settings: ClientSettings): AwsClients {
  const local = settings.dynamodbEndpoint !== undefined || settings.s3Endpoint !== undefined;
  const credentials = local ? EMULATOR_CREDENTIALS : undefined;
  const dynamo = new DynamoDBClient({
    region: settings.region,
    endpoint: settings.dynamodbEndpoint,
    credentials,
    maxAttempts: 3,
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
      // s3rver stores streamed uploads corrupted when the SDK adds its default CRC32 checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
    secrets: new SecretsManagerClient({ region: settings.region, credentials }),
    kms: new KMSClient({ region: settings.region, credentials }),
  };
}

let cached: AwsClients | undefined;

/** The clients of this container: built once, on first use, from the service configuration. */
export function awsClients(): AwsClients {
  cached ??= createAwsClients(serviceConfig());
  return cached;
}
