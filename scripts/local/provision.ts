import {
  CreateTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  UpdateTimeToLiveCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, HeadBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { type KmsKeyRepository, LOCAL_TEST_KMS_KEY_IDS } from '../../lib/storage';
import type { StageDefinitions } from './stage-definitions';

/** Creates whatever of the stage's tables and bucket is missing; leaves existing ones (and their data) alone. */
export async function provision(
  definitions: StageDefinitions,
  clients: { dynamo: DynamoDBClient; s3: S3Client },
): Promise<string[]> {
  const created: string[] = [];
  for (const table of definitions.tables) {
    const name = table.create.TableName as string;
    if (await tableExists(clients.dynamo, name)) continue;
    await clients.dynamo.send(new CreateTableCommand(table.create));
    await waitUntilTableExists({ client: clients.dynamo, maxWaitTime: 60 }, { TableName: name });
    if (table.ttlAttribute) {
      await clients.dynamo.send(
        new UpdateTimeToLiveCommand({
          TableName: name,
          TimeToLiveSpecification: { AttributeName: table.ttlAttribute, Enabled: true },
        }),
      );
    }
    created.push(`table ${name}`);
  }
  try {
    await clients.s3.send(new HeadBucketCommand({ Bucket: definitions.blobBucket }));
  } catch {
    await clients.s3.send(new CreateBucketCommand({ Bucket: definitions.blobBucket }));
    created.push(`bucket ${definitions.blobBucket}`);
  }
  return created;
}

/** The KMS keys every local stage has (ceph/s3-tests names them); idempotent, as the rest of provisioning. */
export async function provisionLocalKmsKeys(keys: KmsKeyRepository): Promise<string[]> {
  const created: string[] = [];
  for (const keyId of LOCAL_TEST_KMS_KEY_IDS) {
    if ((await keys.create(keyId)) === 'created') created.push(`kms key ${keyId}`);
  }
  return created;
}

async function tableExists(dynamo: DynamoDBClient, name: string): Promise<boolean> {
  try {
    await dynamo.send(new DescribeTableCommand({ TableName: name }));
    return true;
  } catch (error) {
    if (error instanceof Error && error.name === 'ResourceNotFoundException') return false;
    throw error;
  }
}
