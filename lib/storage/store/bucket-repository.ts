import { createHash } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { DeleteCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { getItem, gsi1Query, isConditionalCheckFailed, queryAllPages, tryTransactWrite } from '../../aws';
import type { Grant } from '../model/access-control';
import {
  type BucketCatalog,
  type BucketCondition,
  type BucketCreation,
  type BucketRecord,
  type BucketSettings,
  INDEXED_SETTINGS,
  type IndexedSetting,
} from '../model/bucket';
import type { BucketLogging } from '../model/bucket-logging';
import { type BucketCount, counterRefusal } from '../model/bucket-quota';
import type { CorsRule } from '../model/cors-rules';
import type { BucketEncryption } from '../model/default-encryption';
import type { LifecycleRule } from '../model/lifecycle-rule';
import type { NotificationConfiguration } from '../model/notification-configuration';
import type { BucketObjectLock } from '../model/object-lock';
import { isObjectOwnership } from '../model/object-ownership';
import type { PublicAccessBlock } from '../model/public-access-block';
import type { Tag } from '../model/tag-set';
import type { WebsiteConfiguration } from '../model/website-configuration';
import { BucketCountRepository, ownerIndexPartition } from './bucket-count-repository';

export const bucketKey = (name: string) => ({ PK: `BUCKET#${name}`, SK: 'BUCKET' });
export const objectsPartition = (bucket: string) => `OBJECTS#${bucket}`;
export const versionsPartition = (bucket: string) => `VERSIONS#${bucket}`;
/**
 * On the bucket item: every object and version of the bucket has its listing item (objects/listing-item.ts), so that
 * listings read those. Buckets created since the listing index existed carry it.
 */
export const COMPACT_LISTING = { listing: 'compact' } as const;
/**
 * Sparse indexes of the buckets with a lifecycle configuration or access logging, each spread over a few partitions
 * (no hot key when many buckets change at once); the scheduled passes query them instead of reading every bucket.
 */
const INDEX_SHARDS = 8;
const indexPartition = (setting: IndexedSetting, shard: number) => `INDEX#${setting}#${shard}`;
const shardOf = (bucket: string) => createHash('sha256').update(bucket).digest()[0]! % INDEX_SHARDS;
/** A delete that crashed half-way stops blocking writes after this long. */
const DELETE_LEASE_MS = 30_000;
/** Transactions on one owner's counter conflict when its creates and deletes run at once: tried again this often. */
const COUNTER_ATTEMPTS = 25;
/** A short random pause before the next attempt (up to 10 ms more per attempt, at most 250 ms). */
const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(250, 10 * (attempt + 1))));
/** Object writes check this on the bucket item in the same transaction: the bucket exists and is not being deleted. */
export const BUCKET_LIVE = 'attribute_exists(PK) AND (attribute_not_exists(deletingSince) OR deletingSince < :staleDelete)';
export const staleDeleteValue = (now: number) => ({ ':staleDelete': now - DELETE_LEASE_MS });

const CONDITIONS: Record<BucketCondition, { expression: string; values?: Record<string, string> }> = {
  'versioning-enabled': { expression: 'versioning = :enabledVersioning', values: { ':enabledVersioning': 'Enabled' } },
  'no-object-lock': { expression: 'attribute_not_exists(objectLock)' },
};

/**
 * Buckets in the storage table: `BUCKET#<name>`, indexed by owner on GSI1 for ListBuckets, and counted per owner
 * (BucketCountRepository) in the transactions that create and delete them.
 */
export class BucketRepository implements BucketCatalog {
  private readonly counts: BucketCountRepository;

  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {
    this.counts = new BucketCountRepository(documents, table);
  }

  async get(name: string): Promise<BucketRecord | undefined> {
    const item = await getItem(this.documents, this.table, bucketKey(name));
    return item ? toBucket(item) : undefined;
  }

  async create(bucket: BucketRecord, defaultLimit: number): Promise<BucketCreation> {
    for (let attempt = 0; attempt < COUNTER_ATTEMPTS; attempt++) {
      const outcome = await tryTransactWrite(this.documents, [
        {
          Put: {
            TableName: this.table,
            Item: {
              ...bucketKey(bucket.name),
              GSI1PK: ownerIndexPartition(bucket.ownerId),
              GSI1SK: bucket.name,
              kind: 'bucket',
              ...bucket,
              ...COMPACT_LISTING,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        this.counts.countOneMore(bucket.ownerId, defaultLimit),
      ]);
      if (outcome === 'committed') return { created: true };
      if (outcome.failedIndex === 0) {
        // A bucket deleted since the failed write reads as taken by nobody: still not created by this request.
        return { created: false, existing: (await this.get(bucket.name)) ?? { ...bucket, ownerId: '' } };
      }
      if (outcome.failedIndex === 1) {
        const refusal = counterRefusal(await this.counts.read(bucket.ownerId), defaultLimit);
        if (refusal === 'no-counter') await this.counts.initialise(bucket.ownerId);
        else if (refusal !== 'retry') return { created: false, tooMany: refusal };
      } else await pause(attempt);
    }
    throw new Error(`CreateBucket ${bucket.name}: the owner's bucket counter stayed contended`);
  }

  bucketCount(ownerId: string): Promise<BucketCount | undefined> {
    return this.counts.read(ownerId);
  }

  async listByOwner(ownerId: string): Promise<BucketRecord[]> {
    return (await queryAllPages(this.documents, gsi1Query(this.table, ownerIndexPartition(ownerId)))).map(toBucket);
  }

  async deleteIfEmpty(name: string): Promise<'deleted' | 'not-empty' | 'missing'> {
    const now = Date.now();
    let ownerId: string;
    try {
      // Step 1: a lease that makes concurrent object writes fail, so the emptiness check below cannot go stale.
      const { Attributes } = await this.documents.send(
        new UpdateCommand({
          TableName: this.table,
          Key: bucketKey(name),
          UpdateExpression: 'SET deletingSince = :now',
          ConditionExpression: BUCKET_LIVE,
          ExpressionAttributeValues: { ':now': now, ...staleDeleteValue(now) },
          ReturnValues: 'ALL_NEW',
        }),
      );
      ownerId = String(Attributes?.ownerId);
    } catch (error) {
      if (isConditionalCheckFailed(error)) return (await this.get(name)) ? 'not-empty' : 'missing';
      throw error;
    }
    const holds = async (partition: string) => {
      const { Items = [] } = await this.documents.send(
        new QueryCommand({
          TableName: this.table,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': partition },
          Limit: 1,
          ConsistentRead: true,
        }),
      );
      return Items.length > 0;
    };
    // Versions and delete markers count: a versioned bucket whose keys all end in markers is not empty.
    if ((await holds(objectsPartition(name))) || (await holds(versionsPartition(name)))) {
      await this.documents.send(
        new UpdateCommand({ TableName: this.table, Key: bucketKey(name), UpdateExpression: 'REMOVE deletingSince' }),
      );
      return 'not-empty';
    }
    return this.removeCounted(name, ownerId);
  }

  /** Deletes the bucket item and counts one bucket less for its owner, in one transaction. */
  private async removeCounted(name: string, ownerId: string): Promise<'deleted' | 'missing'> {
    for (let attempt = 0; attempt < COUNTER_ATTEMPTS; attempt++) {
      const outcome = await tryTransactWrite(this.documents, [
        { Delete: { TableName: this.table, Key: bucketKey(name), ConditionExpression: 'attribute_exists(PK)' } },
        this.counts.countOneLess(ownerId),
      ]);
      if (outcome === 'committed') return 'deleted';
      if (outcome.failedIndex === 0) return 'missing';
      if (outcome.failedIndex === 1) {
        const count = await this.counts.read(ownerId);
        if (count === undefined) await this.counts.initialise(ownerId);
        else if (count.count < 1) {
          // A counter at 0 under an existing bucket (it cannot happen through this code): the bucket goes uncounted.
          await this.documents.send(new DeleteCommand({ TableName: this.table, Key: bucketKey(name) }));
          return 'deleted';
        }
      } else await pause(attempt);
    }
    throw new Error(`DeleteBucket ${name}: the owner's bucket counter stayed contended`);
  }

  async update(name: string, settings: BucketSettings, condition?: BucketCondition): Promise<boolean> {
    const entries = Object.entries(settings).filter(([, value]) => value !== undefined);
    if (entries.length === 0) return (await this.get(name)) !== undefined;
    // null clears a setting back to its default (REMOVE), a value sets it.
    const set = entries.flatMap(([, value], i) => (value === null ? [] : [`#f${i} = :v${i}`]));
    const remove = entries.flatMap(([, value], i) => (value === null ? [`#f${i}`] : []));
    const values = {
      ...Object.fromEntries(entries.flatMap(([, value], i) => (value === null ? [] : [[`:v${i}`, value]]))),
      ...(condition ? CONDITIONS[condition].values : {}),
    };
    try {
      await this.documents.send(
        new UpdateCommand({
          TableName: this.table,
          Key: bucketKey(name),
          UpdateExpression: [
            set.length > 0 ? `SET ${set.join(', ')}` : '',
            remove.length > 0 ? `REMOVE ${remove.join(', ')}` : '',
          ]
            .join(' ')
            .trim(),
          ConditionExpression: `attribute_exists(PK)${condition ? ` AND ${CONDITIONS[condition].expression}` : ''}`,
          ExpressionAttributeNames: Object.fromEntries(entries.map(([field], i) => [`#f${i}`, field])),
          ...(Object.keys(values).length > 0 ? { ExpressionAttributeValues: values } : {}),
        }),
      );
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw error;
      // A bucket gone keeps no index entry.
      if (condition === undefined) await this.index(name, settings, () => false);
      return false;
    }
    // After the setting: a crash in between leaves an index entry missing (the PUT fails and is retried) or one too
    // many (the pass finds no setting and drops it), never a setting that is silently not applied.
    await this.index(name, settings, (value) => value !== null);
    return true;
  }

  async withSetting(setting: IndexedSetting): Promise<string[]> {
    const shards = await Promise.all(
      Array.from({ length: INDEX_SHARDS }, (_, shard) =>
        queryAllPages(this.documents, {
          TableName: this.table,
          KeyConditionExpression: 'PK = :pk',
          ExpressionAttributeValues: { ':pk': indexPartition(setting, shard) },
          ProjectionExpression: 'SK',
        }),
      ),
    );
    return shards.flat().map((item) => String(item.SK));
  }

  /** Adds or removes the bucket's entries in the indexes of the indexed settings this change touches. */
  private async index(name: string, settings: BucketSettings, present: (value: unknown) => boolean): Promise<void> {
    for (const setting of INDEXED_SETTINGS) {
      const value = settings[setting];
      if (value === undefined) continue;
      const Key = { PK: indexPartition(setting, shardOf(name)), SK: name };
      if (present(value))
        await this.documents.send(new PutCommand({ TableName: this.table, Item: { ...Key, kind: 'setting-index' } }));
      else await this.documents.send(new DeleteCommand({ TableName: this.table, Key }));
    }
  }
}

export function toBucket(item: Record<string, unknown>): BucketRecord {
  return {
    name: String(item.name),
    ownerId: String(item.ownerId),
    ownerDisplayName: String(item.ownerDisplayName ?? ''),
    createdAt: String(item.createdAt),
    location: String(item.location ?? ''),
    ...(item.acl === undefined ? {} : { acl: item.acl as Grant[] }),
    ...(item.versioning === undefined ? {} : { versioning: item.versioning as BucketRecord['versioning'] }),
    ...(item.versionedWhenEmpty === true ? { versionedWhenEmpty: true as const } : {}),
    ...(item.requestPayer === 'Requester' ? { requestPayer: 'Requester' as const } : {}),
    ...(item.cors === undefined ? {} : { cors: item.cors as CorsRule[] }),
    ...(item.encryption === undefined ? {} : { encryption: item.encryption as BucketEncryption }),
    ...(item.tags === undefined ? {} : { tags: item.tags as Tag[] }),
    ...(isObjectOwnership(item.ownership) ? { ownership: item.ownership } : {}),
    ...(item.publicAccessBlock === undefined ? {} : { publicAccessBlock: item.publicAccessBlock as PublicAccessBlock }),
    ...(item.objectLock === undefined ? {} : { objectLock: item.objectLock as BucketObjectLock }),
    ...(typeof item.policy === 'string' ? { policy: item.policy } : {}),
    ...(Array.isArray(item.lifecycle) ? { lifecycle: item.lifecycle as LifecycleRule[] } : {}),
    ...(item.logging === undefined ? {} : { logging: item.logging as BucketLogging }),
    ...(item.website === undefined ? {} : { website: item.website as WebsiteConfiguration }),
    ...(Array.isArray(item.notification) ? { notification: item.notification as NotificationConfiguration } : {}),
  };
}
