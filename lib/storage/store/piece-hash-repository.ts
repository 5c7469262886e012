import { type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getItem, isConditionalCheckFailed } from '../../aws';
import type { PieceHashCache } from '../model/piece-hash-cache';

const keyOf = (blobId: string, pieceLength: number) => ({ PK: `TORRENT#${blobId}`, SK: String(pieceLength) });

/**
 * `TORRENT#<blob id>`, sort key the piece length: the concatenated SHA-1s (at most 2,000 × 20 bytes, well under an
 * item's 400 KB), written once with a conditional put and removed by the table's TTL (expiresAt).
 */
export class PieceHashRepository implements PieceHashCache {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async get(blobId: string, pieceLength: number): Promise<Buffer | undefined> {
    const item = await getItem(this.documents, this.table, keyOf(blobId, pieceLength));
    const pieces = item?.pieces;
    return pieces instanceof Uint8Array ? Buffer.from(pieces) : undefined;
  }

  async put(blobId: string, pieceLength: number, pieces: Buffer, expiresAt: number): Promise<void> {
    try {
      await this.documents.send(
        new PutCommand({
          TableName: this.table,
          Item: { ...keyOf(blobId, pieceLength), kind: 'torrent-pieces', pieces, expiresAt },
          ConditionExpression: 'attribute_not_exists(PK)',
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
    }
  }
}
