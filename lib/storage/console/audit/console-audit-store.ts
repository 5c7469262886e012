import { randomBytes } from 'node:crypto';
import { type DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { CONSOLE_AUDIT_RETENTION_SECONDS, type ConsoleAuditEntry, type ConsoleAuditLog } from './console-audit';

/** Failed sign-ins with access keys that match no user are kept for operators, outside every user's log. */
const partitionOf = (userId: string | undefined) => (userId ? `USER#${userId}#CONSOLEAUDIT` : 'CONSOLEAUDIT#UNATTRIBUTED');

/** The console's audit log in the storage table, by user and time. */
export class ConsoleAuditStore implements ConsoleAuditLog {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async record(userId: string | undefined, entry: ConsoleAuditEntry): Promise<void> {
    const expiresAt = Math.floor(Date.parse(entry.at) / 1000) + CONSOLE_AUDIT_RETENTION_SECONDS;
    const SK = `${entry.at}#${randomBytes(6).toString('hex')}`;
    await this.documents.send(
      new PutCommand({ TableName: this.table, Item: { PK: partitionOf(userId), SK, kind: 'consoleAudit', ...entry, expiresAt } }),
    );
  }

  /** The newest entries of a user (or of unattributed attempts), for operators and tests. */
  async latest(userId: string | undefined, limit = 50): Promise<ConsoleAuditEntry[]> {
    const page = await this.documents.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': partitionOf(userId) },
        ScanIndexForward: false,
        Limit: limit,
      }),
    );
    return (page.Items ?? []).map(({ PK, SK, kind, expiresAt, ...entry }) => entry as ConsoleAuditEntry);
  }
}
