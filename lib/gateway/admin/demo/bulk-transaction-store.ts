import { BatchWriteCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Transaction } from '../../domain/transaction';
import { toItem } from '../../transactions/transaction-item';

const BATCH = 25; // DynamoDB's BatchWriteItem maximum
const PARALLEL = 8;

/**
 * Writes many transactions fast (seeding, benchmarks): BatchWriteItem, 25 items a call, 8 calls in
 * flight, unprocessed items retried with backoff. The items are exactly what the API writes.
 */
export async function writeTransactions(documents: DynamoDBDocumentClient, table: string, transactions: Transaction[]) {
  const batches: Record<string, unknown>[][] = [];
  for (let i = 0; i < transactions.length; i += BATCH) batches.push(transactions.slice(i, i + BATCH).map(toItem));
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      let pending = (batches[next++] ?? []).map((Item) => ({ PutRequest: { Item } }));
      for (let attempt = 0; pending.length > 0; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
        const { UnprocessedItems } = await documents.send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
        pending = (UnprocessedItems?.[table] ?? []) as typeof pending;
      }
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}
