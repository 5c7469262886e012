import { logger } from '../../log';
import type { BufferedRecord } from '../model/access-log-buffer';
import type { BucketRecord } from '../model/bucket';
import type { BucketLogging } from '../model/bucket-logging';
import { bucketOwnerPrincipal } from '../model/principal';
import { putObject } from '../objects/put-object';
import type { StorageDeps } from '../store/storage-deps';
import { type DeliveryRefusal, deliveryRefusal } from './delivery-check';
import { logObjectKey } from './log-object-key';

/** Records read per source bucket and pass (one query of its buffer). */
const RECORDS_PER_SOURCE = 1000;

export interface FlushReport {
  objects: number;
  records: number;
  /** Records dropped: their bucket no longer logs, or its target is gone, another owner's or no longer grants delivery. */
  dropped: number;
}

interface Source {
  bucket: BucketRecord & { logging: BucketLogging };
  records: BufferedRecord[];
}

/** The sources that log to one target bucket and prefix, and their buffered records. */
interface Destination {
  target: string;
  sources: Source[];
}

/**
 * The access log delivery pass (a scheduled function; a timer on the local stack): the buffered records of every
 * bucket in the logging index are gathered by destination (target bucket and prefix: several sources may share one,
 * as on S3 and RGW), and a destination whose oldest record has waited `flushSeconds` (STORAGE_LOG_FLUSH_SECONDS) gets
 * them as one log object, written like any PUT by the target's owner; then they leave the buffer. Each source is
 * judged again at delivery (delivery-check.ts); a refused source's records are dropped, never written elsewhere.
 * Delivery is at least once: a pass that dies between the two writes delivers those records again next time, as S3
 * warns it may.
 */
export async function flushAccessLogs(deps: StorageDeps, options: { now: Date; flushSeconds: number }): Promise<FlushReport> {
  const report: FlushReport = { objects: 0, records: 0, dropped: 0 };
  const destinations = new Map<string, Destination>();
  for (const name of await deps.buckets.withSetting('logging')) {
    const source = await deps.buckets.get(name);
    const records = await deps.accessLogs.oldest(name, RECORDS_PER_SOURCE);
    if (!source?.logging) {
      if (records.length === 0) await deps.buckets.update(name, { logging: null });
      else await dropRecords(deps, name, records, report);
      continue;
    }
    if (records.length === 0) continue;
    const { targetBucket, targetPrefix } = source.logging;
    const id = `${targetBucket}\n${targetPrefix}`;
    const destination = destinations.get(id) ?? { target: targetBucket, sources: [] };
    destination.sources.push({ bucket: { ...source, logging: source.logging }, records });
    destinations.set(id, destination);
  }
  for (const destination of destinations.values()) await deliver(deps, destination, options, report);
  return report;
}

async function deliver(
  deps: StorageDeps,
  destination: Destination,
  options: { now: Date; flushSeconds: number },
  report: FlushReport,
): Promise<void> {
  const oldest = destination.sources
    .flatMap((source) => source.records)
    .reduce<string | undefined>((first, record) => (first === undefined || record.at < first ? record.at : first), undefined);
  if (!oldest || options.now.getTime() - Date.parse(oldest) < options.flushSeconds * 1000) return;
  const target = await deps.buckets.get(destination.target);
  const accepted: Source[] = [];
  for (const source of destination.sources) {
    const refusal = deliveryRefusal(source.bucket, source.bucket.logging, target);
    if (refusal === undefined) accepted.push(source);
    else await refuse(deps, source, refusal, report);
  }
  const [first] = accepted;
  if (target && first) {
    const records = accepted.flatMap((source) => source.records).sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    const key = logObjectKey(
      first.bucket.logging,
      first.bucket,
      { delivery: options.now, firstEvent: new Date(records[0]?.at ?? oldest) },
      deps.newBlobId(),
    );
    const body = Buffer.from(`${records.map((record) => record.line).join('\n')}\n`);
    await putObject(deps, bucketOwnerPrincipal(target), {
      bucket: target.name,
      key,
      body,
      headers: { 'content-type': ['text/plain'], 'content-length': [String(body.length)] },
    });
    report.objects++;
    report.records += records.length;
  }
  for (const source of accepted)
    await deps.accessLogs.remove(
      source.bucket.name,
      source.records.map((record) => record.id),
    );
}

/**
 * A source whose target refuses its records now: they are dropped (a warning names the buckets and the reason, never a
 * record's content). A target that is gone or now someone else's (deleted and re-created) also ends the setting, as S3
 * silently stops delivering: that name gets nothing until its owner's source logs to it again. A grant taken away
 * keeps the setting: records flow again once the target's owner grants delivery again.
 */
async function refuse(deps: StorageDeps, source: Source, refusal: DeliveryRefusal, report: FlushReport): Promise<void> {
  const { name, logging } = source.bucket;
  logger().warn('access log records dropped', {
    bucket: name,
    targetBucket: logging.targetBucket,
    reason: refusal,
    records: source.records.length,
  });
  // Re-read: a setting changed since this pass read it (to another target) is the owner's new choice, kept.
  if (refusal !== 'not-granted' && (await deps.buckets.get(name))?.logging?.targetBucket === logging.targetBucket)
    await deps.buckets.update(name, { logging: null });
  await dropRecords(deps, name, source.records, report);
}

async function dropRecords(deps: StorageDeps, bucket: string, records: { id: string }[], report: FlushReport): Promise<void> {
  await deps.accessLogs.remove(
    bucket,
    records.map((record) => record.id),
  );
  report.dropped += records.length;
}
