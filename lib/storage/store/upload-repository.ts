import {
  BatchWriteCommand,
  DeleteCommand,
  type DynamoDBDocumentClient,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { getItem, isConditionalCheckFailed, queryAllPages, tryTransactWrite } from '../../aws';
import type { UploadChecksum } from '../model/checksum-type';
import { type MultipartUpload, type UploadCatalog, type UploadedPart, uploadCursor } from '../model/multipart-upload';
import type { ObjectChecksum } from '../model/object-checksum';
import { toObjectEncryption } from '../model/object-encryption';
import type { ObjectLock } from '../model/object-lock';
import { BUCKET_LIVE, bucketKey, staleDeleteValue } from './bucket-repository';
import { rangeQuery } from './object-repository';

const uploadsPartition = (bucket: string) => `UPLOAD#${bucket}`;
const uploadKey = (upload: Pick<MultipartUpload, 'bucket' | 'key' | 'uploadId'>) => ({
  PK: uploadsPartition(upload.bucket),
  SK: uploadCursor(upload.key, upload.uploadId),
});
const partsPartition = (uploadId: string) => `PARTS#${uploadId}`;
/** Zero-padded, so the partition sorts parts by number. */
const partKey = (uploadId: string, partNumber: number) => ({
  PK: partsPartition(uploadId),
  SK: String(partNumber).padStart(5, '0'),
});

/**
 * Uploads in the storage table: `UPLOAD#<bucket>` with sort key `<key>\0<uploadId>` (the order of
 * ListMultipartUploads), and each upload's parts in `PARTS#<uploadId>` under zero-padded part numbers.
 */
export class UploadRepository implements UploadCatalog {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async create(upload: MultipartUpload): Promise<'created' | 'no-bucket'> {
    const outcome = await tryTransactWrite(this.documents, [
      {
        ConditionCheck: {
          TableName: this.table,
          Key: bucketKey(upload.bucket),
          ConditionExpression: BUCKET_LIVE,
          ExpressionAttributeValues: staleDeleteValue(Date.now()),
        },
      },
      { Put: { TableName: this.table, Item: { ...uploadKey(upload), kind: 'upload', ...upload } } },
    ]);
    return outcome === 'committed' ? 'created' : 'no-bucket';
  }

  async get(bucket: string, key: string, uploadId: string): Promise<MultipartUpload | undefined> {
    const item = await getItem(this.documents, this.table, uploadKey({ bucket, key, uploadId }));
    return item ? toUpload(item) : undefined;
  }

  async part(uploadId: string, partNumber: number): Promise<UploadedPart | undefined> {
    const item = await getItem(this.documents, this.table, partKey(uploadId, partNumber));
    return item ? toPart(item) : undefined;
  }

  async putPart(
    upload: MultipartUpload,
    part: UploadedPart,
    expectedBlobId: string | undefined,
  ): Promise<'committed' | 'conflict' | 'no-upload'> {
    const outcome = await tryTransactWrite(this.documents, [
      {
        Update: {
          TableName: this.table,
          Key: uploadKey(upload),
          UpdateExpression: 'SET lastActivity = :now',
          ConditionExpression: '#state = :open',
          ExpressionAttributeNames: { '#state': 'state' },
          ExpressionAttributeValues: { ':now': part.lastModified, ':open': 'open' },
        },
      },
      {
        Put: {
          TableName: this.table,
          Item: { ...partKey(part.uploadId, part.partNumber), kind: 'part', ...part },
          ConditionExpression: expectedBlobId === undefined ? 'attribute_not_exists(PK)' : 'blobId = :expected',
          ExpressionAttributeValues: expectedBlobId === undefined ? undefined : { ':expected': expectedBlobId },
        },
      },
    ]);
    if (outcome === 'committed') return outcome;
    return outcome.failedIndex === 0 ? 'no-upload' : 'conflict';
  }

  async parts(uploadId: string, afterPartNumber: number, limit: number): Promise<{ items: UploadedPart[]; more: boolean }> {
    const after = afterPartNumber > 0 ? partKey(uploadId, afterPartNumber).SK : undefined;
    const { Items = [], LastEvaluatedKey } = await this.documents.send(
      new QueryCommand(rangeQuery(this.table, partsPartition(uploadId), { after }, limit)),
    );
    return { items: Items.map(toPart), more: LastEvaluatedKey !== undefined };
  }

  async allParts(uploadId: string): Promise<UploadedPart[]> {
    const items = await queryAllPages(this.documents, {
      TableName: this.table,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': partsPartition(uploadId) },
      ConsistentRead: true,
    });
    return items.map(toPart);
  }

  async setState(upload: MultipartUpload, from: MultipartUpload['state'], to: MultipartUpload['state']): Promise<boolean> {
    return this.conditional(
      new UpdateCommand({
        TableName: this.table,
        Key: uploadKey(upload),
        UpdateExpression: 'SET #state = :to',
        ConditionExpression: '#state = :from',
        ExpressionAttributeNames: { '#state': 'state' },
        ExpressionAttributeValues: { ':from': from, ':to': to },
      }),
    );
  }

  async remove(upload: MultipartUpload, state?: MultipartUpload['state']): Promise<boolean> {
    return this.conditional(
      new DeleteCommand({
        TableName: this.table,
        Key: uploadKey(upload),
        ConditionExpression: state === undefined ? 'attribute_exists(PK)' : '#state = :state',
        ExpressionAttributeNames: state === undefined ? undefined : { '#state': 'state' },
        ExpressionAttributeValues: state === undefined ? undefined : { ':state': state },
      }),
    );
  }

  async removeParts(uploadId: string, partNumbers: number[]): Promise<void> {
    for (let at = 0; at < partNumbers.length; at += 25) {
      let requests = partNumbers.slice(at, at + 25).map((number) => ({ DeleteRequest: { Key: partKey(uploadId, number) } }));
      while (requests.length > 0) {
        const { UnprocessedItems } = await this.documents.send(
          new BatchWriteCommand({ RequestItems: { [this.table]: requests } }),
        );
        requests = (UnprocessedItems?.[this.table] ?? []) as typeof requests;
      }
    }
  }

  async page(
    bucket: string,
    range: { after?: string; from?: string },
    limit: number,
  ): Promise<{ items: MultipartUpload[]; more: boolean }> {
    const { Items = [], LastEvaluatedKey } = await this.documents.send(
      new QueryCommand(rangeQuery(this.table, uploadsPartition(bucket), range, limit)),
    );
    return { items: Items.map(toUpload), more: LastEvaluatedKey !== undefined };
  }

  async idleSince(before: string): Promise<MultipartUpload[]> {
    // A maintenance scan (the sweeper's), never on a request path.
    const uploads: MultipartUpload[] = [];
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await this.documents.send(
        new ScanCommand({
          TableName: this.table,
          FilterExpression: 'kind = :upload AND lastActivity < :before',
          ExpressionAttributeValues: { ':upload': 'upload', ':before': before },
          ExclusiveStartKey,
        }),
      );
      uploads.push(...(page.Items ?? []).map(toUpload));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return uploads;
  }

  /** A conditional single-item write: false when its condition failed. */
  private async conditional(command: UpdateCommand | DeleteCommand): Promise<boolean> {
    try {
      await (command instanceof UpdateCommand ? this.documents.send(command) : this.documents.send(command));
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }
}

function toUpload(item: Record<string, unknown>): MultipartUpload {
  return {
    bucket: String(item.bucket),
    key: String(item.key),
    uploadId: String(item.uploadId),
    initiatorId: String(item.initiatorId),
    initiatorDisplayName: String(item.initiatorDisplayName ?? ''),
    initiated: String(item.initiated),
    lastActivity: String(item.lastActivity),
    contentHeaders: (item.contentHeaders ?? {}) as MultipartUpload['contentHeaders'],
    userMetadata: (item.userMetadata ?? {}) as Record<string, string>,
    acl: (item.acl ?? []) as MultipartUpload['acl'],
    ...(item.owner === undefined ? {} : { owner: item.owner as MultipartUpload['owner'] }),
    ...(item.tags === undefined ? {} : { tags: item.tags as MultipartUpload['tags'] }),
    state: item.state === 'completing' ? 'completing' : 'open',
    ...toObjectEncryption(item.encryption),
    ...(item.lock === undefined ? {} : { lock: item.lock as ObjectLock }),
    ...(item.checksum === undefined ? {} : { checksum: item.checksum as UploadChecksum }),
  };
}

function toPart(item: Record<string, unknown>): UploadedPart {
  return {
    uploadId: String(item.uploadId),
    partNumber: Number(item.partNumber),
    blobId: String(item.blobId),
    size: Number(item.size),
    etag: String(item.etag),
    lastModified: String(item.lastModified),
    ...(item.checksum === undefined ? {} : { checksum: item.checksum as ObjectChecksum }),
  };
}
