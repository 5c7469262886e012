import { type DynamoDBDocumentClient, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getItem, isConditionalCheckFailed, tryTransactWrite } from '../../aws';
import type { Grant } from '../model/access-control';
import { fromListingAttributes, listingAttributes, listingPartition } from '../model/listing-item';
import type { ObjectChecksum } from '../model/object-checksum';
import { toObjectEncryption } from '../model/object-encryption';
import type { ObjectLock } from '../model/object-lock';
import type { ListedObject, ManifestPart, ObjectCatalog, ObjectRecord, ObjectSettings } from '../model/object-record';
import type { Tag } from '../model/tag-set';
import { BUCKET_LIVE, bucketKey, objectsPartition, staleDeleteValue } from './bucket-repository';
import { ListingModes } from './listing-mode-repository';

/**
 * Objects in the storage table: partition `OBJECTS#<bucket>`, sort key = the object key itself, so
 * DynamoDB orders a listing by the keys' UTF-8 bytes exactly as S3 does (and a 1,024-byte key fits
 * DynamoDB's 1,024-byte sort-key limit). Each object item has its listing item (`LIST#<bucket>`, listing-item.ts),
 * written and removed in the same transaction.
 */
export class ObjectRepository implements ObjectCatalog {
  private readonly modes: ListingModes;

  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {
    this.modes = new ListingModes(documents, table);
  }

  async get(bucket: string, key: string): Promise<ObjectRecord | undefined> {
    const item = await getItem(this.documents, this.table, { PK: objectsPartition(bucket), SK: key });
    return item ? toObjectRecord(item) : undefined;
  }

  async commit(
    record: ObjectRecord,
    expectedBlobId: string | undefined,
    outbox: readonly Record<string, unknown>[] = [],
  ): Promise<'committed' | 'conflict' | 'no-bucket'> {
    const outcome = await tryTransactWrite(this.documents, [
      {
        ConditionCheck: {
          TableName: this.table,
          Key: bucketKey(record.bucket),
          // Versioned buckets write through VersionRepository: a commit that raced with enabling versioning fails here.
          ConditionExpression: `${BUCKET_LIVE} AND attribute_not_exists(versioning)`,
          ExpressionAttributeValues: staleDeleteValue(Date.now()),
        },
      },
      {
        Put: {
          TableName: this.table,
          Item: { PK: objectsPartition(record.bucket), SK: record.key, kind: 'object', ...record },
          ConditionExpression: expectedBlobId === undefined ? 'attribute_not_exists(PK)' : 'blobId = :expected',
          ExpressionAttributeValues: expectedBlobId === undefined ? undefined : { ':expected': expectedBlobId },
        },
      },
      { Put: { TableName: this.table, Item: listingItem(record) } },
      ...outboxPuts(this.table, outbox),
    ]);
    if (outcome === 'committed') return outcome;
    // A lost race (another writer's condition or transaction) is retried by the caller.
    return outcome.failedIndex === 0 ? 'no-bucket' : 'conflict';
  }

  async putSettings(bucket: string, key: string, blobId: string, settings: ObjectSettings): Promise<boolean> {
    const update = settingsUpdate(settings);
    try {
      await this.documents.send(
        new UpdateCommand({
          TableName: this.table,
          Key: { PK: objectsPartition(bucket), SK: key },
          ...update,
          ConditionExpression: 'blobId = :blob AND attribute_not_exists(versioned)',
          ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':blob': blobId },
        }),
      );
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw error;
    }
  }

  async remove(
    bucket: string,
    key: string,
    expectedBlobId?: string,
    outbox: readonly Record<string, unknown>[] = [],
  ): Promise<ObjectRecord | undefined | 'versioned' | 'conflict'> {
    // Read, then remove the item and its listing item together if it is still what was read (a transaction returns
    // no old item): a writer that changed it in between makes the removal read again.
    for (;;) {
      const item = await getItem(this.documents, this.table, { PK: objectsPartition(bucket), SK: key });
      if (!item) return undefined;
      if (item.versioned !== undefined) return 'versioned';
      if (expectedBlobId !== undefined && item.blobId !== expectedBlobId) return 'conflict';
      const outcome = await tryTransactWrite(this.documents, [
        {
          Delete: {
            TableName: this.table,
            Key: { PK: objectsPartition(bucket), SK: key },
            ConditionExpression: 'blobId = :blob AND attribute_not_exists(versioned)',
            ExpressionAttributeValues: { ':blob': item.blobId },
          },
        },
        { Delete: { TableName: this.table, Key: { PK: listingPartition(bucket), SK: key } } },
        ...outboxPuts(this.table, outbox),
      ]);
      if (outcome === 'committed') return toObjectRecord(item);
    }
  }

  async page(
    bucket: string,
    range: { after?: string; from?: string },
    limit: number,
  ): Promise<{ items: ListedObject[]; more: boolean }> {
    if (await this.modes.isCompact(bucket)) {
      const { Items = [], LastEvaluatedKey } = await this.documents.send(
        new QueryCommand(rangeQuery(this.table, listingPartition(bucket), range, limit)),
      );
      return { items: Items.map((item) => fromListingAttributes(String(item.SK), item)), more: LastEvaluatedKey !== undefined };
    }
    // A bucket created before the listing index: its object items, each read whole.
    const { Items = [], LastEvaluatedKey } = await this.documents.send(
      new QueryCommand({
        ...rangeQuery(this.table, objectsPartition(bucket), range, limit),
        ProjectionExpression: '#key, size, etag, lastModified, ownerId, ownerDisplayName, versioned',
        ExpressionAttributeNames: { '#key': 'key' },
      }),
    );
    return {
      items: Items.map((item) => ({
        key: String(item.key),
        size: Number(item.size),
        etag: String(item.etag),
        lastModified: String(item.lastModified),
        ownerId: String(item.ownerId),
        ownerDisplayName: String(item.ownerDisplayName ?? ''),
        ...(item.versioned === true ? { versioned: true } : {}),
      })),
      more: LastEvaluatedKey !== undefined,
    };
  }
}

/** Items a change writes in its own transaction (its notification records): new items, never overwriting one. */
export const outboxPuts = (table: string, outbox: readonly Record<string, unknown>[]) =>
  outbox.map((item) => ({ Put: { TableName: table, Item: item, ConditionExpression: 'attribute_not_exists(PK)' } }));

/** An object's listing item (unversioned write path: never `versioned`). */
const listingItem = (record: ObjectRecord) => ({
  PK: listingPartition(record.bucket),
  SK: record.key,
  ...listingAttributes(record),
});

/** The UpdateExpression that sets an object's or version's settings (`#s0 = :s0, …`). */
export function settingsUpdate(settings: ObjectSettings) {
  const entries = Object.entries(settings).filter(([, value]) => value !== undefined);
  return {
    UpdateExpression: `SET ${entries.map((_, i) => `#s${i} = :s${i}`).join(', ')}`,
    ExpressionAttributeNames: Object.fromEntries(entries.map(([name], i) => [`#s${i}`, name])),
    ExpressionAttributeValues: Object.fromEntries(entries.map(([, value], i) => [`:s${i}`, value])) as Record<string, unknown>,
  };
}

/** One page of an index partition in sort-key order, strictly after `after` or from `from` (listing objects and versions). */
export function rangeQuery(table: string, partition: string, range: { after?: string; from?: string }, limit: number) {
  const bound = range.after !== undefined ? 'SK > :bound' : range.from !== undefined ? 'SK >= :bound' : undefined;
  return {
    TableName: table,
    KeyConditionExpression: bound ? `PK = :pk AND ${bound}` : 'PK = :pk',
    ExpressionAttributeValues: bound ? { ':pk': partition, ':bound': range.after ?? range.from } : { ':pk': partition },
    Limit: limit,
    ConsistentRead: true,
  };
}

export function toObjectRecord(item: Record<string, unknown>): ObjectRecord {
  return {
    bucket: String(item.bucket),
    key: String(item.key),
    blobId: String(item.blobId),
    size: Number(item.size),
    etag: String(item.etag),
    lastModified: String(item.lastModified),
    ownerId: String(item.ownerId),
    ownerDisplayName: String(item.ownerDisplayName ?? ''),
    contentHeaders: (item.contentHeaders ?? {}) as ObjectRecord['contentHeaders'],
    userMetadata: (item.userMetadata ?? {}) as Record<string, string>,
    versionId: String(item.versionId ?? 'null'),
    ...(item.acl === undefined ? {} : { acl: item.acl as Grant[] }),
    ...(item.checksum === undefined ? {} : { checksum: item.checksum as ObjectChecksum }),
    ...(item.tags === undefined ? {} : { tags: item.tags as Tag[] }),
    ...(item.parts === undefined ? {} : { parts: item.parts as ManifestPart[] }),
    ...(item.uploadId === undefined ? {} : { uploadId: String(item.uploadId) }),
    ...toObjectEncryption(item.encryption),
    ...(item.lock === undefined ? {} : { lock: item.lock as ObjectLock }),
  };
}
