import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';

type Key = Record<string, unknown>;
type Input = Record<string, unknown>;

/** A key attribute as sent: plain (the document client before marshalling) or a DynamoDB attribute value (`{ S }`). */
const plain = (value: unknown): string =>
  typeof value === 'object' && value !== null && 'S' in value ? String((value as { S: unknown }).S) : String(value);
const itemId = (key: Key | undefined) => (key === undefined ? undefined : `${plain(key.PK)} | ${plain(key.SK)}`);

/** The items one command writes, by `PK | SK` (condition checks write nothing). */
function writtenItems(input: Input): string[] {
  const single = itemId((input.Item ?? input.Key) as Key | undefined);
  if (single !== undefined && input.TableName !== undefined) return [single];
  const transact = (input.TransactItems ?? []) as Record<string, { Item?: Key; Key?: Key }>[];
  const batch = Object.values((input.RequestItems ?? {}) as Record<string, Record<string, { Item?: Key; Key?: Key }>[]>).flat();
  return [...transact, ...batch].flatMap((entry) =>
    Object.entries(entry)
      .filter(([kind]) => kind !== 'ConditionCheck')
      .map(([, op]) => itemId(op.Item ?? op.Key))
      .filter((id): id is string => id !== undefined && !id.startsWith('undefined')),
  );
}

/**
 * Counts, per DynamoDB item, the writes sent through `dynamo` (and the document client built on it) from now on: an SDK
 * middleware in this process, on the real emulator. Reads are not counted (GetItem and Query inputs carry `Key` too).
 */
export function countItemWrites(dynamo: DynamoDBClient): { counts: () => Map<string, number>; reset: () => void } {
  let counts = new Map<string, number>();
  dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      if (/^(Put|Update|Delete|TransactWrite|BatchWrite)/.test(String(context.commandName))) {
        for (const id of writtenItems(args.input as Input)) counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      return next(args);
    },
    { step: 'initialize', name: 'countItemWrites' },
  );
  return {
    counts: () => new Map(counts),
    reset: () => {
      counts = new Map();
    },
  };
}
