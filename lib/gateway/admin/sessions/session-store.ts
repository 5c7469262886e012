import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getItem } from '../../../aws';
import type { AdminSession } from './admin-session';
import { hashSessionId } from './session-token';

const sessionKey = (sessionId: string) => ({ PK: `ADMINSESSION#${hashSessionId(sessionId)}`, SK: 'ADMINSESSION' });

/** Admin sessions in the gateway table, keyed by the id's hash, removed by TTL after expiry (and checked, as TTL is lazy). */
export class SessionStore {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async save(session: AdminSession): Promise<void> {
    const { id, ...stored } = session;
    await this.documents.send(
      new PutCommand({ TableName: this.table, Item: { ...sessionKey(id), kind: 'adminSession', ...stored } }),
    );
  }

  /** The live session with this id, or undefined (unknown, logged out or expired). */
  async find(sessionId: string, now: Date): Promise<AdminSession | undefined> {
    const item = await getItem(this.documents, this.table, sessionKey(sessionId));
    if (!item || Number(item.expiresAt) <= now.getTime() / 1000) return undefined;
    return {
      id: sessionId,
      email: String(item.email),
      merchantId: String(item.merchantId),
      merchantName: String(item.merchantName),
      createdAt: String(item.createdAt),
      expiresAt: Number(item.expiresAt),
    };
  }

  async delete(sessionId: string): Promise<void> {
    await this.documents.send(new DeleteCommand({ TableName: this.table, Key: sessionKey(sessionId) }));
  }
}
