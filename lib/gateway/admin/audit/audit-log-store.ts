import { randomBytes } from 'node:crypto';
import { type DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { decodePosition, encodePosition } from '../../listing/signed-cursor';
import { auditKey, auditPartition, auditSortKey, parseAuditSortKey } from '../../table/gateway-table';
import { AUDIT_RETENTION_SECONDS, type AuditEntry } from './audit-entry';

/** The audit log in the gateway table: one partition per merchant, sorted by time, newest first on read. */
export class AuditLogStore {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async record(merchantId: string | undefined, entry: AuditEntry): Promise<void> {
    await this.documents.send(
      new PutCommand({
        TableName: this.table,
        Item: {
          ...auditKey(merchantId, auditSortKey(entry.at, randomBytes(6).toString('hex'))),
          kind: 'audit',
          ...entry,
          expiresAt: Math.floor(Date.parse(entry.at) / 1000) + AUDIT_RETENTION_SECONDS,
        },
      }),
    );
  }

  /** A merchant's entries newest first, from after `after` (a `next` this returned: an encoded position). */
  async list(merchantId: string, after?: string, pageSize = 50): Promise<{ entries: AuditEntry[]; next?: string }> {
    const startSk = after ? decodePosition(after) : undefined;
    const page = await this.documents.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': auditPartition(merchantId) },
        ScanIndexForward: false,
        Limit: pageSize,
        ...(startSk && parseAuditSortKey(startSk) ? { ExclusiveStartKey: auditKey(merchantId, startSk) } : {}),
      }),
    );
    const entries = (page.Items ?? []).map(({ PK, SK, kind, expiresAt, ...entry }) => entry as AuditEntry);
    const last = page.LastEvaluatedKey?.SK;
    return { entries, ...(last ? { next: encodePosition(String(last)) } : {}) };
  }
}
