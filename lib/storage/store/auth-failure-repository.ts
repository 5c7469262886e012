import { type DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { AuthFailureCounter } from './auth-failure-limit';

/** `AUTHFAIL#<address>`, sort key the minute: one atomic ADD per failure, removed by the table's TTL (expiresAt). */
export class AuthFailureRepository implements AuthFailureCounter {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async count(address: string, window: string, expiresAt: number): Promise<number> {
    const { Attributes } = await this.documents.send(
      new UpdateCommand({
        TableName: this.table,
        Key: { PK: `AUTHFAIL#${address}`, SK: window },
        UpdateExpression: 'ADD failures :one SET expiresAt = :expires, kind = :kind',
        ExpressionAttributeValues: { ':one': 1, ':expires': expiresAt, ':kind': 'auth-failures' },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.failures ?? 1);
  }
}
