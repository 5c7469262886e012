/** Where a bucket's server access logs go (`?logging`), as S3's LoggingEnabled says it. */
export interface BucketLogging {
  targetBucket: string;
  targetPrefix: string;
  /** TargetObjectKeyFormat: SimplePrefix (the default) or PartitionedPrefix by event or delivery time. */
  keyFormat: { kind: 'simple' } | { kind: 'partitioned'; dateSource: 'EventTime' | 'DeliveryTime' };
  /** When the configuration last changed: GET ?logging's Last-Modified (a same-value PUT keeps it). */
  modifiedAt: string;
}

/** The service principal a target bucket's policy grants log delivery to, as on S3. */
export const LOG_DELIVERY_SERVICE = 'logging.s3.amazonaws.com';
