import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import { HeadBucketCommand } from '@aws-sdk/client-s3';
import type { AwsClients, ResourceNames } from '../aws';

export interface HealthReport {
  healthy: boolean;
  checks: Record<keyof ResourceNames, 'ok' | 'unreachable'>;
}

/** Whether this stage's tables and blob bucket answer. Says which one failed, never why (no internals leak). */
export async function checkHealth(clients: Pick<AwsClients, 'dynamo' | 's3'>, names: ResourceNames): Promise<HealthReport> {
  const probe = async (call: () => Promise<unknown>) => {
    try {
      await call();
      return 'ok' as const;
    } catch {
      return 'unreachable' as const;
    }
  };
  const [gatewayTable, storageTable, blobBucket] = await Promise.all([
    probe(() => clients.dynamo.send(new DescribeTableCommand({ TableName: names.gatewayTable }))),
    probe(() => clients.dynamo.send(new DescribeTableCommand({ TableName: names.storageTable }))),
    probe(() => clients.s3.send(new HeadBucketCommand({ Bucket: names.blobBucket }))),
  ]);
  const checks = { gatewayTable, storageTable, blobBucket };
  return { healthy: Object.values(checks).every((state) => state === 'ok'), checks };
}
