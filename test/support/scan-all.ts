import { ScanCommand, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import { testStack } from './stack';

/** Every item a Scan matches, over all its pages (one page is at most 1 MB, and the shared test tables grow). */
export async function scanAll(input: ScanCommandInput): Promise<Record<string, unknown>[]> {
  const { stage } = testStack();
  const items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await stage.clients.documents.send(new ScanCommand({ ...input, ExclusiveStartKey }));
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  return items;
}
