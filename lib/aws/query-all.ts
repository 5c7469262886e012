import { type DynamoDBDocumentClient, QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';

/** Every item of a query, page after page. For small administrative lists only, never for request paths. */
export async function queryAllPages(
  documents: DynamoDBDocumentClient,
  input: Omit<QueryCommandInput, 'ExclusiveStartKey'>,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documents.send(new QueryCommand({ ...input, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}

/** A GSI1 query on one partition, optionally narrowed to sort keys that begin with a prefix. */
export function gsi1Query(
  table: string,
  partition: string,
  sortKeyPrefix?: string,
): Omit<QueryCommandInput, 'ExclusiveStartKey'> {
  return {
    TableName: table,
    IndexName: 'GSI1',
    KeyConditionExpression: sortKeyPrefix ? 'GSI1PK = :pk AND begins_with(GSI1SK, :prefix)' : 'GSI1PK = :pk',
    ExpressionAttributeValues: sortKeyPrefix ? { ':pk': partition, ':prefix': sortKeyPrefix } : { ':pk': partition },
  };
}

/** How many items a query matches, counted page after page by DynamoDB (`Select: COUNT`: no item is read back). */
export async function countAllPages(
  documents: DynamoDBDocumentClient,
  input: Omit<QueryCommandInput, 'ExclusiveStartKey' | 'Select'>,
): Promise<number> {
  let count = 0;
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await documents.send(new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey }));
    count += page.Count ?? 0;
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return count;
}
