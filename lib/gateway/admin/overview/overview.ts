import { STATUSES, type Status } from '../../domain/state-machine';
import type { OverviewRow } from '../../transactions/ports';

export interface DayVolume {
  day: string;
  count: number;
  cents: number;
}

export interface Overview {
  days: DayVolume[];
  byStatus: Record<Status, { count: number; cents: number }>;
}

export const OVERVIEW_DAYS = 30;

/** The first instant (UTC) of the window that ends today: today and the 29 days before it. */
export function windowStart(now: Date, days = OVERVIEW_DAYS): string {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - (days - 1)));
  return start.toISOString();
}

/** Totals per status and volume (all transactions created) per UTC day, with empty days present as zeros. */
export function summarise(rows: OverviewRow[], now: Date, days = OVERVIEW_DAYS): Overview {
  const first = Date.parse(windowStart(now, days));
  const byDay = new Map<string, DayVolume>();
  for (let i = 0; i < days; i++) {
    const day = new Date(first + i * 86_400_000).toISOString().slice(0, 10);
    byDay.set(day, { day, count: 0, cents: 0 });
  }
  const byStatus = Object.fromEntries(STATUSES.map((status) => [status, { count: 0, cents: 0 }])) as Overview['byStatus'];
  for (const row of rows) {
    const bucket = byDay.get(row.createdAt.slice(0, 10));
    if (!bucket) continue;
    bucket.count++;
    bucket.cents += row.totalCents;
    byStatus[row.status].count++;
    byStatus[row.status].cents += row.totalCents;
  }
  return { days: [...byDay.values()], byStatus };
}
