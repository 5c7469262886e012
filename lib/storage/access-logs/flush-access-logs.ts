import { bucketOwnerPrincipal } from '../auth/principal';
import { putObject } from '../objects/put-object';
import type { StorageDeps } from '../storage-deps';
import { logObjectKey } from './log-object-key';

/** Records per delivered object (one query of the buffer). */
const RECORDS_PER_OBJECT = 1000;

export interface FlushReport {
  objects: number;
  records: number;
  /** Records dropped: their bucket no longer logs, or its target is gone. */
  dropped: number;
}

/**
 * The access log delivery pass (a scheduled function; a timer on the local stack): for every bucket in the logging
 * index whose oldest buffered record has waited `flushSeconds` (STORAGE_LOG_FLUSH_SECONDS), its records go to the
 * target bucket as one log object, written like any PUT by the target's owner, then leave the buffer. Delivery is at
 * least once: a pass that dies between the two writes delivers those records again next time, as S3 warns it may.
 */
export async function flushAccessLogs(deps: StorageDeps, options: { now: Date; flushSeconds: number }): Promise<FlushReport> {
  const report: FlushReport = { objects: 0, records: 0, dropped: 0 };
  for (const name of await deps.buckets.withSetting('logging')) {
    const source = await deps.buckets.get(name);
    const records = await deps.accessLogs.oldest(name, RECORDS_PER_OBJECT);
    if (!source?.logging) {
      if (records.length === 0) await deps.buckets.update(name, { logging: null });
      else await dropRecords(deps, name, records, report);
      continue;
    }
    const first = records[0];
    if (!first || options.now.getTime() - Date.parse(first.at) < options.flushSeconds * 1000) continue;
    const target = await deps.buckets.get(source.logging.targetBucket);
    if (!target) {
      await dropRecords(deps, name, records, report);
      continue;
    }
    const key = logObjectKey(source.logging, source, { delivery: options.now, firstEvent: new Date(first.at) }, deps.newBlobId());
    const body = Buffer.from(`${records.map((record) => record.line).join('\n')}\n`);
    await putObject(deps, bucketOwnerPrincipal(target), {
      bucket: target.name,
      key,
      body,
      headers: { 'content-type': ['text/plain'], 'content-length': [String(body.length)] },
    });
    await deps.accessLogs.remove(
      name,
      records.map((record) => record.id),
    );
    report.objects++;
    report.records += records.length;
  }
  return report;
}

async function dropRecords(deps: StorageDeps, bucket: string, records: { id: string }[], report: FlushReport): Promise<void> {
  await deps.accessLogs.remove(
    bucket,
    records.map((record) => record.id),
  );
  report.dropped += records.length;
}
