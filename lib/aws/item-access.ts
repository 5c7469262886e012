import {
  BatchGetCommand,
  type DynamoDBDocumentClient,
  GetCommand,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { isTransactionConditionFailed } from './sdk-errors';

type Key = Record<string, string>;

/** One item by key (strongly consistent: credentials must resolve the moment they are written). */
export async function getItem(
  documents: DynamoDBDocumentClient,
  table: string,
  key: Key,
): Promise<Record<string, unknown> | undefined> {
  const { Item } = await documents.send(new GetCommand({ TableName: table, Key: key, ConsistentRead: true }));
  return Item;
}

/**
 * Several items of one table by key in one BatchGetItem (strongly consistent), in the order of `keys`; undefined
 * for a missing item. Keys DynamoDB left unprocessed (throttling) are asked again until none is left.
 */
export async function getItems(
  documents: DynamoDBDocumentClient,
  table: string,
  keys: Key[],
): Promise<(Record<string, unknown> | undefined)[]> {
  const found = new Map<string, Record<string, unknown>>();
  const id = (key: Record<string, unknown>) => `${String(key.PK)}\u0000${String(key.SK)}`;
  let pending: Record<string, unknown>[] = [...new Map(keys.map((key) => [id(key), key])).values()];
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(200, 10 * 2 ** attempt)));
    const { Responses, UnprocessedKeys } = await documents.send(
      new BatchGetCommand({ RequestItems: { [table]: { Keys: pending, ConsistentRead: true } } }),
    );
    for (const item of Responses?.[table] ?? []) found.set(id(item), item);
    pending = UnprocessedKeys?.[table]?.Keys ?? [];
  }
  return keys.map((key) => found.get(id(key)));
}

/** What an all-or-nothing write came to: committed, or the index of the first item whose condition failed (-1: it lost a race with another transaction). */
export type TransactOutcome = 'committed' | { failedIndex: number };

/** An all-or-nothing write whose refusal is an outcome, not an exception; any other failure is rethrown as is. */
export async function tryTransactWrite(
  documents: DynamoDBDocumentClient,
  items: NonNullable<TransactWriteCommandInput['TransactItems']>,
): Promise<TransactOutcome> {
  try {
    await documents.send(new TransactWriteCommand({ TransactItems: items }));
    return 'committed';
  } catch (error) {
    if (!(error instanceof Error) || error.name !== 'TransactionCanceledException') throw error;
    if (!isTransactionConditionFailed(error)) return { failedIndex: -1 };
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    return { failedIndex: reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed') };
  }
}

/**
 * An all-or-nothing write. When one of its conditions fails, `onConditionFailed` gets the index of
 * the first failed item and returns the domain error to throw; any other failure is rethrown as is.
 */
export async function transactWrite(
  documents: DynamoDBDocumentClient,
  items: NonNullable<TransactWriteCommandInput['TransactItems']>,
  onConditionFailed: (failedIndex: number) => Error,
): Promise<void> {
  try {
    await documents.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    if (!isTransactionConditionFailed(error)) throw error;
    const reasons = (error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
    throw onConditionFailed(reasons.findIndex((reason) => reason.Code === 'ConditionalCheckFailed'));
  }
}
