import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { WebSessionStore } from '../../../http/web';
import type { AdminSession } from './admin-session';

/** Admin sessions in the gateway table (`ADMINSESSION#<sha256 of the id>`). */
export class SessionStore extends WebSessionStore<AdminSession> {
  constructor(documents: DynamoDBDocumentClient, table: string) {
    super(documents, table, 'ADMINSESSION', 'adminSession');
  }
}
