import { XMLValidator } from 'fast-xml-parser';
import type { BucketLogging } from '../model/bucket-logging';
import { StorageError } from '../model/errors';
import { s3Document } from '../xml/s3-documents';
import { s3XmlParser } from '../xml/xml-parser';

const parser = s3XmlParser({ isArray: (name) => name === 'Grant' });
type Element = Record<string, unknown>;
const isElement = (value: unknown): value is Element => typeof value === 'object' && value !== null && !Array.isArray(value);
const elementOf = (value: unknown): Element | undefined => (value === '' ? {} : isElement(value) ? value : undefined);
const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * PutBucketLogging's body: `<BucketLoggingStatus>` with LoggingEnabled (TargetBucket, TargetPrefix, optional
 * TargetGrants, TargetObjectKeyFormat) or empty, which turns logging off (null). TargetGrants are accepted and not
 * kept (RGW does the same: the target's owner owns the log objects). Anything else is MalformedXML.
 */
export function parseBucketLoggingStatus(document: string): Omit<BucketLogging, 'modifiedAt'> | null {
  if (document.trim() === '' || XMLValidator.validate(document) !== true) throw new StorageError('MalformedXML');
  const root = elementOf((parser.parse(document) as Element).BucketLoggingStatus);
  if (!root) throw new StorageError('MalformedXML');
  if (root.LoggingEnabled === undefined) return null;
  const enabled = elementOf(root.LoggingEnabled);
  const targetBucket = text(enabled?.TargetBucket).trim();
  if (!enabled || targetBucket === '') throw new StorageError('MalformedXML');
  return { targetBucket, targetPrefix: text(enabled.TargetPrefix), keyFormat: keyFormatOf(enabled.TargetObjectKeyFormat) };
}

function keyFormatOf(value: unknown): BucketLogging['keyFormat'] {
  if (value === undefined) return { kind: 'simple' };
  const format = elementOf(value);
  if (!format) throw new StorageError('MalformedXML');
  if (format.PartitionedPrefix === undefined) {
    if (format.SimplePrefix === undefined) throw new StorageError('MalformedXML');
    return { kind: 'simple' };
  }
  const dateSource = text(elementOf(format.PartitionedPrefix)?.PartitionDateSource) || 'EventTime';
  if (dateSource !== 'EventTime' && dateSource !== 'DeliveryTime') throw new StorageError('MalformedXML');
  return { kind: 'partitioned', dateSource };
}

/** GetBucketLogging's answer: the configuration, its key format made explicit. */
export function bucketLoggingStatusXml(logging: BucketLogging): string {
  return s3Document('BucketLoggingStatus', {
    LoggingEnabled: {
      TargetBucket: logging.targetBucket,
      TargetPrefix: logging.targetPrefix,
      TargetObjectKeyFormat:
        logging.keyFormat.kind === 'simple'
          ? { SimplePrefix: '' }
          : { PartitionedPrefix: { PartitionDateSource: logging.keyFormat.dateSource } },
    },
  });
}

/** GetBucketLogging on a bucket that does not log: an empty status, 200 (S3's answer). */
export const LOGGING_DISABLED_XML = s3Document('BucketLoggingStatus', {});
