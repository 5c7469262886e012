import { type DynamoDBDocumentClient, QueryCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { getItem, queryAllPages, tryTransactWrite } from '../../aws';
import {
  fromListingAttributes,
  listingAttributes,
  listingPartition,
  versionListingAttributes,
  versionListingPartition,
} from '../model/listing-item';
import type { ObjectLock } from '../model/object-lock';
import type { ManifestPart, ObjectSettings } from '../model/object-record';
import {
  type KeyHead,
  type ObjectVersion,
  type VersionCatalog,
  type VersionChange,
  versionCursor,
} from '../model/object-version';
import { BUCKET_LIVE, bucketKey, objectsPartition, staleDeleteValue, versionsPartition } from './bucket-repository';
import { ListingModes } from './listing-mode-repository';
import { outboxPuts, rangeQuery, settingsUpdate, toObjectRecord } from './object-repository';

const headKey = (bucket: string, key: string) => ({ PK: `VHEAD#${bucket}`, SK: key });
const versionKey = (bucket: string, key: string, seq: string) => ({ PK: versionsPartition(bucket), SK: versionCursor(key, seq) });
const currentKey = (bucket: string, key: string) => ({ PK: objectsPartition(bucket), SK: key });
const versionListingKey = (bucket: string, key: string, seq: string) => ({
  PK: versionListingPartition(bucket),
  SK: versionCursor(key, seq),
});
const currentListingKey = (bucket: string, key: string) => ({ PK: listingPartition(bucket), SK: key });

/**
 * Versions in the storage table: `VERSIONS#<bucket>` with sort key `<key>\0<seq>` (seqs sort newest
 * first, so a key's history and the whole bucket's are query order), one head per key in
 * `VHEAD#<bucket>` that every change of the key updates conditionally, and the current object in the
 * objects partition (marked `versioned`, so the unversioned write path can never touch it). Versions and the current
 * object have their listing items (`LISTV#<bucket>`, `LIST#<bucket>`: objects/listing-item.ts), changed in the same
 * transaction.
 */
export class VersionRepository implements VersionCatalog {
  private readonly modes: ListingModes;

  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {
    this.modes = new ListingModes(documents, table);
  }

  async head(bucket: string, key: string): Promise<KeyHead | undefined> {
    const item = await getItem(this.documents, this.table, headKey(bucket, key));
    if (!item) return undefined;
    return {
      latestSeq: String(item.latestSeq),
      revision: Number(item.revision),
      ...(item.nullSeq === undefined ? {} : { nullSeq: String(item.nullSeq) }),
    };
  }

  async get(bucket: string, key: string, seq: string): Promise<ObjectVersion | undefined> {
    const item = await getItem(this.documents, this.table, versionKey(bucket, key, seq));
    return item ? toVersion(item) : undefined;
  }

  async newest(bucket: string, key: string, limit: number): Promise<ObjectVersion[]> {
    const { Items = [] } = await this.documents.send(
      new QueryCommand({
        TableName: this.table,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :key)',
        ExpressionAttributeValues: { ':pk': versionsPartition(bucket), ':key': versionCursor(key, '') },
        Limit: limit,
        ConsistentRead: true,
      }),
    );
    return Items.map(toVersion);
  }

  async apply(change: VersionChange): Promise<'committed' | 'conflict' | 'no-bucket'> {
    const now = Date.now();
    const { bucket, key, expectedHead, head } = change;
    const table = this.table;
    const headCondition = expectedHead
      ? { ConditionExpression: 'revision = :rev', ExpressionAttributeValues: { ':rev': expectedHead.revision } }
      : { ConditionExpression: 'attribute_not_exists(PK)' };
    const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [
      {
        ConditionCheck: {
          TableName: table,
          Key: bucketKey(bucket),
          ConditionExpression: `${BUCKET_LIVE} AND attribute_exists(versioning)`,
          ExpressionAttributeValues: staleDeleteValue(now),
        },
      },
      head
        ? { Put: { TableName: table, Item: { ...headKey(bucket, key), kind: 'versionHead', ...head }, ...headCondition } }
        : expectedHead
          ? { Delete: { TableName: table, Key: headKey(bucket, key), ...headCondition } }
          : { ConditionCheck: { TableName: table, Key: headKey(bucket, key), ...headCondition } },
      ...change.put.map((version) => ({
        Put: {
          TableName: table,
          Item: { ...versionKey(bucket, key, version.seq), kind: 'version', ...version },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      })),
      ...change.remove.map((seq) => ({ Delete: { TableName: table, Key: versionKey(bucket, key, seq) } })),
      ...change.put.map((version) => ({
        Put: { TableName: table, Item: { ...versionListingKey(bucket, key, version.seq), ...versionListingAttributes(version) } },
      })),
      ...change.remove.map((seq) => ({ Delete: { TableName: table, Key: versionListingKey(bucket, key, seq) } })),
    ];
    if (change.current === null) {
      items.push({ Delete: { TableName: table, Key: currentKey(bucket, key) } });
      items.push({ Delete: { TableName: table, Key: currentListingKey(bucket, key) } });
    } else if (change.current !== 'keep') {
      items.push({
        Put: { TableName: table, Item: { ...currentKey(bucket, key), kind: 'object', versioned: true, ...change.current } },
      });
      items.push({
        Put: {
          TableName: table,
          Item: { ...currentListingKey(bucket, key), ...listingAttributes({ ...change.current, versioned: true }) },
        },
      });
    }
    items.push(...outboxPuts(table, change.outbox ?? []));
    const outcome = await tryTransactWrite(this.documents, items);
    if (outcome === 'committed') return outcome;
    return outcome.failedIndex === 0 ? 'no-bucket' : 'conflict';
  }

  async page(
    bucket: string,
    range: { after?: string; from?: string },
    limit: number,
  ): Promise<{ items: ObjectVersion[]; more: boolean }> {
    if (await this.modes.isCompact(bucket)) {
      const { Items = [], LastEvaluatedKey } = await this.documents.send(
        new QueryCommand(rangeQuery(this.table, versionListingPartition(bucket), range, limit)),
      );
      return { items: Items.map((item) => fromVersionListing(bucket, item)), more: LastEvaluatedKey !== undefined };
    }
    // A bucket created before the listing index: its version items, each read whole.
    const { Items = [], LastEvaluatedKey } = await this.documents.send(
      new QueryCommand(rangeQuery(this.table, versionsPartition(bucket), range, limit)),
    );
    return { items: Items.map(toVersion), more: LastEvaluatedKey !== undefined };
  }

  async putSettings(version: ObjectVersion, settings: ObjectSettings, isCurrent: boolean): Promise<boolean> {
    const fields = settingsUpdate(settings);
    const update = (Key: Record<string, string>, condition: string, values: Record<string, unknown> = {}) => ({
      Update: {
        TableName: this.table,
        Key,
        ...fields,
        ConditionExpression: condition,
        ExpressionAttributeValues: { ...fields.ExpressionAttributeValues, ...values },
      },
    });
    const items = [update(versionKey(version.bucket, version.key, version.seq), 'attribute_exists(PK)')];
    if (isCurrent) items.push(update(currentKey(version.bucket, version.key), 'seq = :seq', { ':seq': version.seq }));
    return (await tryTransactWrite(this.documents, items)) === 'committed';
  }

  async putLock(version: ObjectVersion, lock: ObjectLock, head: KeyHead, isCurrent: boolean): Promise<boolean> {
    const { bucket, key } = version;
    // `lock` is a DynamoDB reserved word.
    const setLock = (Key: Record<string, string>, condition: string, values: Record<string, unknown> = {}) => ({
      Update: {
        TableName: this.table,
        Key,
        UpdateExpression: 'SET #lock = :lock',
        ConditionExpression: condition,
        ExpressionAttributeNames: { '#lock': 'lock' },
        ExpressionAttributeValues: { ':lock': lock, ...values },
      },
    });
    const items: NonNullable<TransactWriteCommandInput['TransactItems']> = [
      {
        Update: {
          TableName: this.table,
          Key: headKey(bucket, key),
          UpdateExpression: 'SET revision = :next',
          ConditionExpression: 'revision = :rev',
          ExpressionAttributeValues: { ':rev': head.revision, ':next': head.revision + 1 },
        },
      },
      setLock(versionKey(bucket, key, version.seq), 'attribute_exists(PK)'),
    ];
    if (isCurrent) items.push(setLock(currentKey(bucket, key), 'seq = :seq', { ':seq': version.seq }));
    return (await tryTransactWrite(this.documents, items)) === 'committed';
  }

  async blobIds(bucket: string, key: string): Promise<string[]> {
    const items = await queryAllPages(this.documents, {
      TableName: this.table,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :key)',
      ExpressionAttributeValues: { ':pk': versionsPartition(bucket), ':key': versionCursor(key, '') },
      ProjectionExpression: 'blobId, parts',
      ConsistentRead: true,
    });
    // A multipart version's bytes are all its part blobs.
    const ids = items.flatMap((item) => (item.parts ? (item.parts as ManifestPart[]).map((part) => part.blobId) : [item.blobId]));
    return ids.map((id) => String(id ?? '')).filter((id) => id !== '');
  }
}

/** A version as a listing shows it (what the listing item holds; no blob, no headers: a listing reads none). */
function fromVersionListing(bucket: string, item: Record<string, unknown>): ObjectVersion {
  const cursor = String(item.SK);
  const at = cursor.lastIndexOf('\u0000');
  const seq = cursor.slice(at + 1);
  const { versioned: _, ...listed } = fromListingAttributes(cursor.slice(0, at), item);
  return {
    ...listed,
    bucket,
    blobId: '',
    contentHeaders: {},
    userMetadata: {},
    versionId: item.n === true ? 'null' : seq,
    seq,
    deleteMarker: item.x === true,
  };
}

function toVersion(item: Record<string, unknown>): ObjectVersion {
  return { ...toObjectRecord(item), seq: String(item.seq), deleteMarker: item.deleteMarker === true };
}
