/**
 * A bucket's metadata. ACLs, versioning and request payment (next issue) become further optional
 * fields of this record; nothing here assumes they are absent.
 */
export interface BucketRecord {
  name: string;
  ownerId: string;
  ownerDisplayName: string;
  createdAt: string;
  /** LocationConstraint given at creation ('' = the default region, as S3 reports us-east-1). */
  location: string;
}

/** The bucket catalogue (port): implemented over DynamoDB by BucketRepository, in memory by tests. */
export interface BucketCatalog {
  get(name: string): Promise<BucketRecord | undefined>;
  /** Creates the bucket unless the name is taken; returns the existing record when it is. */
  create(bucket: BucketRecord): Promise<{ created: true } | { created: false; existing: BucketRecord }>;
  listByOwner(ownerId: string): Promise<BucketRecord[]>;
  /** Deletes the bucket if it holds no object, atomically with respect to concurrent PUTs; false when not empty. */
  deleteIfEmpty(name: string): Promise<'deleted' | 'not-empty' | 'missing'>;
}
