import { bucketSetting } from '../bucket-settings/bucket-setting';
import type { BucketLogging } from '../model/bucket-logging';
import { assertDeliveryAllowed } from './delivery-permission';
import { bucketLoggingStatusXml, LOGGING_DISABLED_XML, parseBucketLoggingStatus } from './logging-documents';

const sameTarget = (a: BucketLogging, b: BucketLogging) =>
  a.targetBucket === b.targetBucket &&
  a.targetPrefix === b.targetPrefix &&
  JSON.stringify(a.keyFormat) === JSON.stringify(b.keyFormat);

/**
 * `?logging`: server access logging. PUT with an empty BucketLoggingStatus turns it off; GET without it answers the
 * empty status. Records are buffered per request and delivered by the flush pass (flush-access-logs.ts).
 */
export const LOGGING_SETTING = bucketSetting({
  subresource: 'logging',
  field: 'logging',
  actions: { read: 'GetBucketLogging', write: 'PutBucketLogging' },
  notFound: { document: LOGGING_DISABLED_XML },
  parse: (document) => {
    const parsed = parseBucketLoggingStatus(document);
    return parsed && { ...parsed, modifiedAt: '' };
  },
  accept: (logging, bucket, { deps, principal }) => assertDeliveryAllowed(deps, principal, bucket, logging),
  settle: (logging, previous, now) =>
    previous && sameTarget(previous, logging) ? previous : { ...logging, modifiedAt: now.toUTCString() },
  headers: (logging) => ({ 'last-modified': logging.modifiedAt }),
  toXml: bucketLoggingStatusXml,
});
