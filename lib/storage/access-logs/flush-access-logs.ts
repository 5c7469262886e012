import { bucketOwnerPrincipal } from '../auth/principal';
import type { BucketRecord } from '../buckets/bucket';
import { putObject } from '../objects/put-object';
import type { StorageDeps } from '../storage-deps';
import type { BufferedRecord } from './access-log-buffer';
import type { BucketLogging } from './bucket-logging';
import { logObjectKey } from './log-object-key';

/** Records read per source bucket and pass (one query of its buffer). */
const RECORDS_PER_SOURCE = 1000;

export interface FlushReport {
  objects: number;
  records: number;
  /** Records dropped: their bucket no longer logs, or its target is gone. */
  dropped: number;
}

/** The sources that log to one target bucket and prefix, and their buffered records. */
interface Destination {
  target: string;
  logging: BucketLogging;
  first: BucketRecord;
  sources: { name: string; records: BufferedRecord[] }[];
}

/**
 * The access log delivery pass (a scheduled function; a timer on the local stack): the buffered records of every
 * bucket in the logging index are gathered by destination (target bucket and prefix: several sources may share one,
 * as on S3 and RGW), and a destination whose oldest record has waited `flushSeconds` (STORAGE_LOG_FLUSH_SECONDS) gets
 * them as one log object, written like any PUT by the target's owner; then they leave the buffer. Delivery is at least
 * once: a pass that dies between the two writes delivers those records again next time, as S3 warns it may.
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
    const destination = destinations.get(id) ?? { target: targetBucket, logging: source.logging, first: source, sources: [] };
    destination.sources.push({ name, records });
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
  const records = destination.sources
    .flatMap((source) => source.records)
    .sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const first = records[0];
  if (!first || options.now.getTime() - Date.parse(first.at) < options.flushSeconds * 1000) return;
  const target = await deps.buckets.get(destination.target);
  if (target) {
    const key = logObjectKey(
      destination.logging,
      destination.first,
      { delivery: options.now, firstEvent: new Date(first.at) },
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
  } else {
    report.dropped += records.length;
  }
  for (const source of destination.sources)
    await deps.accessLogs.remove(
      source.name,
      source.records.map((record) => record.id),
    );
}

async function dropRecords(deps: StorageDeps, bucket: string, records: { id: string }[], report: FlushReport): Promise<void> {
  await deps.accessLogs.remove(
    bucket,
    records.map((record) => record.id),
  );
  report.dropped += records.length;
}
