import type { BucketRecord } from '../model/bucket';
import type { BucketLogging } from '../model/bucket-logging';

const two = (value: number) => String(value).padStart(2, '0');
const stamp = (at: Date) =>
  `${at.getUTCFullYear()}-${two(at.getUTCMonth() + 1)}-${two(at.getUTCDate())}-${two(at.getUTCHours())}-${two(at.getUTCMinutes())}-${two(at.getUTCSeconds())}`;

/**
 * A delivered log object's key, as S3 names them: `[prefix]YYYY-mm-DD-HH-MM-SS-[unique]` (SimplePrefix) or
 * `[prefix][source account]/[source region]/[source bucket]/YYYY/mm/DD/YYYY-mm-DD-HH-MM-SS-[unique]`
 * (PartitionedPrefix, dated by the first record's time or the delivery time).
 */
export function logObjectKey(
  logging: BucketLogging,
  source: Pick<BucketRecord, 'name' | 'ownerId' | 'location'>,
  times: { delivery: Date; firstEvent: Date },
  unique: string,
): string {
  const name = `${stamp(times.delivery)}-${unique}`;
  if (logging.keyFormat.kind === 'simple') return `${logging.targetPrefix}${name}`;
  const dated = logging.keyFormat.dateSource === 'EventTime' ? times.firstEvent : times.delivery;
  const day = `${dated.getUTCFullYear()}/${two(dated.getUTCMonth() + 1)}/${two(dated.getUTCDate())}`;
  return `${logging.targetPrefix}${source.ownerId}/${source.location || 'us-east-1'}/${source.name}/${day}/${name}`;
}
