import type { StorageAction } from '../access/authorization';
import type { BucketRecord, BucketSettings } from '../model/bucket';
import type { Principal } from '../model/principal';
import type { S3ErrorCode } from '../model/s3-error-codes';
import type { StorageDeps } from '../store/storage-deps';

/** The record fields a bucket setting lives in: each is absent by default and `null` in an update resets it. */
export type SettingField = keyof BucketSettings & keyof BucketRecord;
export type SettingValue<F extends SettingField> = NonNullable<BucketRecord[F]>;

/**
 * One bucket configuration sub-resource (`?cors`, `?encryption`...), declared once: where it lives on the bucket record,
 * which actions guard reading and changing it, what GET answers when it is not set, and its XML both ways. One generic
 * use case (bucket-setting-operations.ts) and one route factory (controllers/bucket-settings-controller.ts) serve every
 * entry of the registry (bucket-settings-registry.ts); MinIO's bucket-metadata-sys is the model.
 */
export interface BucketSetting<F extends SettingField = SettingField> {
  /** The query sub-resource that names it. */
  subresource: string;
  field: F;
  /** The action that guards reading it, changing it, and removing it (changing it, unless said). */
  actions: { read: StorageAction; write: StorageAction; delete?: StorageAction };
  /** GET on a bucket without it: S3's 404 for this setting, or the document S3 answers instead (`?logging`). */
  notFound: S3ErrorCode | { document: string };
  /**
   * The request document (S3 XML, or JSON for a policy) to the value for this bucket, or S3's error; null when the
   * document itself turns the setting off (an empty BucketLoggingStatus).
   */
  parse(document: string, bucket: BucketRecord): SettingValue<F> | null;
  /** The value as GET answers it. */
  toXml(value: SettingValue<F>): string;
  /** The media type of the GET answer, when not S3's XML (a policy is JSON). */
  mediaType?: string;
  /** PUT's success status when not 200 (S3 answers PutBucketPolicy with 204). */
  putStatus?: 204;
  /** Refuses a value the bucket (or what it names) as it stands cannot take, before the write. */
  accept?(
    value: SettingValue<F>,
    bucket: BucketRecord,
    context: { deps: StorageDeps; principal: Principal },
  ): void | Promise<void>;
  /** The value to store given the one stored (a setting that keeps when it last changed keeps it on a same-value PUT). */
  settle?(value: SettingValue<F>, previous: SettingValue<F> | undefined, now: Date): SettingValue<F>;
  /** Headers of the GET answer (Last-Modified of `?logging`). */
  headers?(value: SettingValue<F>): Record<string, string>;
}

/** Declares a setting with its field's value type checked against the record (the registry holds them untyped). */
export function bucketSetting<F extends SettingField>(setting: BucketSetting<F>): BucketSetting {
  return setting as unknown as BucketSetting;
}
