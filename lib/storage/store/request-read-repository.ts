import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { getItems } from '../../aws';
import type { RequestReader, RequestReadPlan, RequestReads } from '../model/request-reads';
import { bucketKey, objectsPartition, toBucket } from './bucket-repository';
import { toObjectRecord } from './object-repository';
import { accessKeyKey, type StorageUserRepository } from './storage-user-repository';

/** A request's access key, bucket and object items in one strongly consistent BatchGetItem of the storage table. */
export class RequestReadRepository implements RequestReader {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly users: StorageUserRepository,
  ) {}

  async read(plan: RequestReadPlan): Promise<RequestReads> {
    const keys = [
      ...(plan.accessKey === undefined ? [] : [accessKeyKey(plan.accessKey)]),
      ...(plan.bucket === undefined ? [] : [bucketKey(plan.bucket)]),
      ...(plan.bucket === undefined || plan.key === undefined ? [] : [{ PK: objectsPartition(plan.bucket), SK: plan.key }]),
    ];
    if (keys.length === 0) return {};
    const items = await getItems(this.documents, this.table, keys);
    let next = 0;
    const reads: RequestReads = {};
    if (plan.accessKey !== undefined) {
      reads.accessKey = { value: await this.users.resolveAccessKeyItem(plan.accessKey, items[next++]) };
    }
    if (plan.bucket !== undefined) {
      const item = items[next++];
      reads.bucket = { value: item ? toBucket(item) : undefined };
      if (plan.key !== undefined) {
        const object = items[next++];
        reads.object = { value: object ? toObjectRecord(object) : undefined };
      }
    }
    return reads;
  }
}
