import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { WebSessionStore } from '../../../http/web';
import { ADMIN_SESSION_PREFIX } from '../../table/gateway-table';
import type { AdminSession } from './admin-session';

/** Admin sessions in the gateway table (key: table/gateway-table.ts). */
export class SessionStore extends WebSessionStore<AdminSession> {
  constructor(documents: DynamoDBDocumentClient, table: string) {
    super(documents, table, ADMIN_SESSION_PREFIX, 'adminSession');
  }
}
