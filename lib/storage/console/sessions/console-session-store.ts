import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { WebSessionStore } from '../../../http/web';
import type { ConsoleSession } from './console-session';

/** Console sessions in the storage table (`CONSOLESESSION#<sha256 of the id>`), removed by TTL. */
export class ConsoleSessionStore extends WebSessionStore<ConsoleSession> {
  constructor(documents: DynamoDBDocumentClient, table: string) {
    super(documents, table, 'CONSOLESESSION', 'consoleSession');
  }
}
