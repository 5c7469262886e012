import type { S3Client } from '@aws-sdk/client-s3';
import { DeleteCommand, type DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getItem, getItems, isConditionalCheckFailed, queryAllPages } from '../../../aws';
import type { Transaction } from '../../domain/transaction';
import {
  boletoQueueKey,
  boletoQueuePartition,
  remessaCounterKey,
  remessaKey,
  remessaPartition,
  transactionKey,
} from '../../table/gateway-table';
import { toTransaction } from '../../transactions/transaction-item';
import type { RemessaInstruction } from '../cnab240/remessa-writer';

/** One instruction waiting for a remessa: a boleto's entrada (01) or baixa (02). */
export interface QueuedInstruction {
  transactionId: number;
  instruction: RemessaInstruction;
  /** The remessa file that claimed it, while that file is being written. */
  claimedBy?: string;
  claimedAt?: string;
}

/** A remessa file as listed (the file itself is in the blob bucket). */
export interface RemessaRecord {
  fileId: string;
  merchantId: string;
  method: string;
  sequence: number;
  fileName: string;
  titles: number;
  totalCents: number;
  /** Transaction ids with their instruction, as the file carries them. */
  entries: { transactionId: number; instruction: RemessaInstruction }[];
  createdAt: string;
  blobKey: string;
  /** The file's size in bytes (absent on records written before it was kept). */
  bytes?: number;
}

/**
 * Remessa files and the queue they drain, in the gateway table and the blob bucket. Claims are conditional writes:
 * of two remessa runs at once, each queued instruction goes to exactly one file.
 */
export class RemessaStore {
  /**
   * `s3`: the blob bucket's client, built on first use (as the S3 package's commands are loaded), so the admin function
   * that serves these files loads no S3 SDK at cold start.
   */
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly s3: () => Promise<S3Client>,
    private readonly table: string,
    private readonly bucket: string,
  ) {}

  async queued(merchantId: string, method: string): Promise<QueuedInstruction[]> {
    const items = await queryAllPages(this.documents, {
      TableName: this.table,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': boletoQueuePartition(merchantId, method) },
      ConsistentRead: true,
    });
    return items.map((item) => ({
      transactionId: Number(item.transactionId),
      instruction: item.instruction as RemessaInstruction,
      ...(item.claimedBy ? { claimedBy: String(item.claimedBy), claimedAt: String(item.claimedAt) } : {}),
    }));
  }

  /**
   * Takes a queued instruction for `fileId`: only if nobody holds it, or its holder's claim is older than `staleBefore`
   * and that file was never stored (a run that died half-way). False when another run has it.
   */
  async claim(merchantId: string, method: string, entry: QueuedInstruction, fileId: string, at: string, staleBefore: string) {
    try {
      await this.documents.send(
        new UpdateCommand({
          TableName: this.table,
          Key: boletoQueueKey(merchantId, method, entry.transactionId, entry.instruction),
          UpdateExpression: 'SET claimedBy = :file, claimedAt = :at',
          ConditionExpression:
            'attribute_exists(PK) AND (attribute_not_exists(claimedBy) OR (claimedBy = :was AND claimedAt < :stale))',
          ExpressionAttributeValues: { ':file': fileId, ':at': at, ':was': entry.claimedBy ?? '-', ':stale': staleBefore },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }

  /** The queue entry is done: its file is stored. */
  async release(merchantId: string, method: string, entry: { transactionId: number; instruction: string }): Promise<void> {
    await this.documents.send(
      new DeleteCommand({
        TableName: this.table,
        Key: boletoQueueKey(merchantId, method, entry.transactionId, entry.instruction),
      }),
    );
  }

  async nextSequence(merchantId: string, method: string): Promise<number> {
    const { Attributes } = await this.documents.send(
      new UpdateCommand({
        TableName: this.table,
        Key: remessaCounterKey(merchantId, method),
        UpdateExpression: 'ADD #last :one SET kind = :kind',
        ExpressionAttributeNames: { '#last': 'last' },
        ExpressionAttributeValues: { ':one': 1, ':kind': 'counter' },
        ReturnValues: 'UPDATED_NEW',
      }),
    );
    return Number(Attributes?.last);
  }

  async transactions(ids: number[]): Promise<Transaction[]> {
    const items = await getItems(this.documents, this.table, ids.map(transactionKey));
    return items.flatMap((item) => (item ? [toTransaction(item)] : []));
  }

  /** The file's bytes in the blob bucket first, then its record: a listed file can always be downloaded. */
  async save(record: Omit<RemessaRecord, 'blobKey' | 'bytes'>, content: string): Promise<RemessaRecord> {
    const stored: RemessaRecord = {
      ...record,
      bytes: Buffer.byteLength(content, 'latin1'),
      blobKey: `gateway/remessa/${record.merchantId}/${record.method}/${record.fileName}`,
    };
    const { PutObjectCommand } = await import('@aws-sdk/client-s3');
    await (await this.s3()).send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: stored.blobKey,
        Body: content,
        ContentType: 'text/plain; charset=us-ascii',
      }),
    );
    await this.documents.send(
      new PutCommand({
        TableName: this.table,
        Item: { ...remessaKey(record.merchantId, record.method, record.fileId), kind: 'remessa', ...stored },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
    return stored;
  }

  async exists(merchantId: string, method: string, fileId: string): Promise<boolean> {
    return (await this.get(merchantId, method, fileId)) !== undefined;
  }

  /** One of the merchant's files by its id; another merchant's file is simply not found (its key names the merchant). */
  async get(merchantId: string, method: string, fileId: string): Promise<RemessaRecord | undefined> {
    const item = await getItem(this.documents, this.table, remessaKey(merchantId, method, fileId));
    return item ? (item as unknown as RemessaRecord) : undefined;
  }

  /** A merchant's remessa files of one method, newest first. */
  async list(merchantId: string, method: string): Promise<RemessaRecord[]> {
    const { Items } = await this.documents.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'PK = :pk',
        ExpressionAttributeValues: { ':pk': remessaPartition(merchantId, method) },
        ScanIndexForward: false,
        Limit: 100,
      }),
    );
    return (Items ?? []).map((item) => item as unknown as RemessaRecord);
  }

  async content(record: Pick<RemessaRecord, 'blobKey'>): Promise<string> {
    const { GetObjectCommand } = await import('@aws-sdk/client-s3');
    const object = await (await this.s3()).send(new GetObjectCommand({ Bucket: this.bucket, Key: record.blobKey }));
    return (await object.Body?.transformToString('latin1')) ?? '';
  }
}
