import { type DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { bucketKey, COMPACT_LISTING } from './bucket-repository';

/**
 * Which buckets list from the compact index: those created with it (COMPACT_LISTING on the bucket item). Buckets
 * created before it existed list from the object items as before, whatever was written since. Learned once per
 * bucket and container: a bucket never loses the attribute (a new bucket of the same name is created with it).
 */
export class ListingModes {
  private readonly compact = new Set<string>();

  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async isCompact(bucket: string): Promise<boolean> {
    if (this.compact.has(bucket)) return true;
    const { Item } = await this.documents.send(
      new GetCommand({ TableName: this.table, Key: bucketKey(bucket), ProjectionExpression: 'listing', ConsistentRead: true }),
    );
    if (Item?.listing !== COMPACT_LISTING.listing) return false;
    this.compact.add(bucket);
    return true;
  }
}
