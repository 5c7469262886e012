import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { KMSClient } from '@aws-sdk/client-kms';
import { S3Client } from '@aws-sdk/client-s3';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { createStorageWiring } from '../../../lib/storage/storage-wiring';

const clients = {
  documents: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'us-east-1' })),
  s3: new S3Client({ region: 'us-east-1' }),
  secrets: async () => new SecretsManagerClient({ region: 'us-east-1' }),
  kms: async () => new KMSClient({ region: 'us-east-1' }),
};
const wiring = (storageMaxObjectBytes: number) =>
  createStorageWiring(clients, { storageTable: 't', blobBucket: 'b' }, {
    storageMaxObjectBytes,
    storageSecretsKey: { kind: 'value', value: 'k' },
    storageKms: { kind: 'local' },
  } as never);

describe('storage wiring', () => {
  it("takes S3's 5 MiB minimum part size, unless one request cannot carry that much (deployed stages' 4 MiB cap)", () => {
    expect(wiring(384 * 1024 * 1024).deps.minPartBytes).toBe(5 * 1024 * 1024);
    expect(wiring(4 * 1024 * 1024).deps.minPartBytes).toBe(4 * 1024 * 1024);
  });
});
