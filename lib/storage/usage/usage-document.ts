import { XMLBuilder } from 'fast-xml-parser';
import type { AccountUsage } from './account-usage';

/** RGW writes its Usage document without the S3 namespace (clients read `Summary` by its bare name). */
const builder = new XMLBuilder({ suppressEmptyNode: false });
/** RGW's "no quota": this service has no byte or object quotas, only the bucket limit. */
const UNLIMITED = -1;

/**
 * RGW's GetUsage answer: `Entries` (the usage log, which this service keeps per payer for billing instead: empty
 * here), `Summary` (the quota settings as RGW names them, with the totals of the caller's buckets) and
 * `CapacityUsed` (each bucket's bytes).
 */
export function usageXml(usage: AccountUsage): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${builder.build({
    Usage: {
      Entries: '',
      Summary: {
        QuotaMaxBytes: UNLIMITED,
        QuotaMaxBuckets: usage.maxBuckets,
        QuotaMaxObjCount: UNLIMITED,
        QuotaMaxBytesPerBucket: UNLIMITED,
        QuotaMaxObjCountPerBucket: UNLIMITED,
        TotalBytes: usage.total.bytes,
        TotalBytesRounded: usage.total.roundedBytes,
        TotalEntries: usage.total.objects,
      },
      CapacityUsed: {
        User: {
          Buckets:
            usage.buckets.length === 0
              ? ''
              : {
                  Entry: usage.buckets.map(({ name, stats }) => ({
                    Bucket: name,
                    Bytes: stats.bytes,
                    Bytes_Rounded: stats.roundedBytes,
                  })),
                },
        },
      },
    },
  })}`;
}
