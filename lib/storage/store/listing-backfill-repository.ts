import { type DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { tryTransactWrite } from '../../aws';
import { listingAttributes, listingPartition, versionListingAttributes, versionListingPartition } from '../model/listing-item';
import { bucketKey, COMPACT_LISTING, objectsPartition, versionsPartition } from './bucket-repository';

export interface BackfillReport {
  objects: number;
  versions: number;
  /** Keys a writer changed while the pass ran (they have their listing item from that writer, or are gone). */
  skipped: number;
}

/**
 * Gives a bucket created before the listing index (docs/operations.md, "Keys and scale") the listing items its objects
 * and versions lack, then marks it so that its listings read them. Each item is written in a transaction conditional
 * on the object or version item it mirrors being still there as read, and on no listing item being there yet: a
 * writer or a delete that ran meanwhile (both keep the two in step) wins. Run it once every function of the stage
 * writes listing items (after the deploy that brought them). Idempotent.
 */
export async function backfillListing(documents: DynamoDBDocumentClient, table: string, bucket: string): Promise<BackfillReport> {
  const report: BackfillReport = { objects: 0, versions: 0, skipped: 0 };
  const copy = async (item: Record<string, unknown>, target: Record<string, unknown>, condition: string, values = {}) => {
    const attempt = () =>
      tryTransactWrite(documents, [
        {
          ConditionCheck: {
            TableName: table,
            Key: { PK: item.PK, SK: item.SK },
            ConditionExpression: condition,
            ...(Object.keys(values).length === 0 ? {} : { ExpressionAttributeValues: values }),
          },
        },
        { Put: { TableName: table, Item: target, ConditionExpression: 'attribute_not_exists(PK)' } },
      ]);
    let outcome = await attempt();
    // A lost race with another transaction (no condition failed) is tried again; a failed condition is final.
    for (let round = 0; round < 5 && outcome !== 'committed' && outcome.failedIndex === -1; round++) outcome = await attempt();
    return outcome === 'committed';
  };
  for await (const item of partitionItems(documents, table, objectsPartition(bucket))) {
    const record = {
      ...(item as Parameters<typeof listingAttributes>[0]),
      ownerDisplayName: String(item.ownerDisplayName ?? ''),
    };
    const target = { PK: listingPartition(bucket), SK: item.SK, ...listingAttributes(record) };
    if (await copy(item, target, 'blobId = :blob', { ':blob': item.blobId })) report.objects++;
    else report.skipped++;
  }
  for await (const item of partitionItems(documents, table, versionsPartition(bucket))) {
    const version = {
      ...(item as Parameters<typeof versionListingAttributes>[0]),
      ownerDisplayName: String(item.ownerDisplayName ?? ''),
      deleteMarker: item.deleteMarker === true,
      versionId: String(item.versionId ?? 'null'),
    };
    const target = { PK: versionListingPartition(bucket), SK: item.SK, ...versionListingAttributes(version) };
    if (await copy(item, target, 'attribute_exists(PK)')) report.versions++;
    else report.skipped++;
  }
  await documents.send(
    new UpdateCommand({
      TableName: table,
      Key: bucketKey(bucket),
      UpdateExpression: 'SET listing = :compact',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeValues: { ':compact': COMPACT_LISTING.listing },
    }),
  );
  return report;
}

async function* partitionItems(documents: DynamoDBDocumentClient, table: string, partition: string) {
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documents.send(
      new QueryCommand({
        TableName: table,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': partition },
        ConsistentRead: true,
        ExclusiveStartKey,
      }),
    );
    yield* page.Items ?? [];
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
}
