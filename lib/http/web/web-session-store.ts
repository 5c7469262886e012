import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getItem } from '../../aws';
import { hashSessionId } from './session-token';

/** What every web session records: the raw id (from the cookie, never stored) and its expiry (epoch seconds, also the TTL). */
export interface WebSession {
  id: string;
  expiresAt: number;
}

/**
 * Server-side sessions of a web UI in its surface's table, keyed by the id's hash under `prefix`, removed by TTL
 * after expiry (and checked on read, as TTL is lazy). A session is whatever flat record the surface keeps.
 */
export class WebSessionStore<S extends WebSession> {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly prefix: string,
    private readonly kind: string,
  ) {}

  private key(sessionId: string) {
    return { PK: `${this.prefix}#${hashSessionId(sessionId)}`, SK: this.prefix };
  }

  async save(session: S): Promise<void> {
    const { id, ...stored } = session;
    await this.documents.send(new PutCommand({ TableName: this.table, Item: { ...this.key(id), kind: this.kind, ...stored } }));
  }

  /** The live session with this id, or undefined (unknown, signed out or expired). */
  async find(sessionId: string, now: Date): Promise<S | undefined> {
    const item = await getItem(this.documents, this.table, this.key(sessionId));
    if (!item || Number(item.expiresAt) <= now.getTime() / 1000) return undefined;
    const { PK, SK, kind, ...stored } = item;
    return { ...stored, id: sessionId, expiresAt: Number(item.expiresAt) } as S;
  }

  async delete(sessionId: string): Promise<void> {
    await this.documents.send(new DeleteCommand({ TableName: this.table, Key: this.key(sessionId) }));
  }
}
