import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';

/**
 * What one operation asks of AWS, counted by SDK middlewares on the clients a warm container uses: DynamoDB capacity as
 * DynamoDB reports it (every command is sent with `ReturnConsumedCapacity: TOTAL`; DynamoDB Local computes it as
 * DynamoDB does), split into reads and writes by command, and the blob bucket's requests by class.
 */
export interface AwsUsage {
  readUnits: number;
  writeUnits: number;
  s3Tier1: number;
  s3Tier2: number;
}

const WRITES = /^(Put|Update|Delete|TransactWrite|BatchWrite)/;
/** S3's "PUT, COPY, POST, LIST" price class; every other request is the GET class. */
const S3_TIER1 = /^(Put|Copy|Post|List|CreateMultipart|UploadPart|CompleteMultipart)/;

export function countAwsUsage(dynamo: DynamoDBClient, s3: S3Client): { reset: () => void; read: () => AwsUsage } {
  let usage: AwsUsage = { readUnits: 0, writeUnits: 0, s3Tier1: 0, s3Tier2: 0 };
  dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      const result = await next(args);
      const consumed = (result.output as { ConsumedCapacity?: unknown }).ConsumedCapacity;
      const units = [consumed ?? []]
        .flat()
        .reduce((sum: number, entry) => sum + Number((entry as { CapacityUnits?: number }).CapacityUnits ?? 0), 0);
      if (WRITES.test(String(context.commandName))) usage.writeUnits += units;
      else usage.readUnits += units;
      return result;
    },
    { step: 'initialize', name: 'countConsumedCapacity' },
  );
  s3.middlewareStack.add(
    (next, context) => async (args) => {
      if (S3_TIER1.test(String(context.commandName))) usage.s3Tier1++;
      else usage.s3Tier2++;
      return next(args);
    },
    { step: 'initialize', name: 'countS3Requests' },
  );
  return {
    reset: () => {
      usage = { readUnits: 0, writeUnits: 0, s3Tier1: 0, s3Tier2: 0 };
    },
    read: () => ({ ...usage }),
  };
}
