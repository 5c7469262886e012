import type { ChangeEvent } from '../store/storage-deps';

/**
 * The event names this service emits, grouped as S3 groups them. Lifecycle expiration has its own names, as on S3
 * (`s3:LifecycleExpiration:*`); a configuration for `s3:ObjectRemoved:*` alone is not told about expirations.
 */
export const EVENT_GROUPS = {
  'ObjectCreated:': ['Put', 'Post', 'Copy', 'CompleteMultipartUpload'],
  'ObjectRemoved:': ['Delete', 'DeleteMarkerCreated'],
  'LifecycleExpiration:': ['Delete', 'DeleteMarkerCreated'],
} as const;

/** An emitted event's name without the `s3:` prefix, as the event JSON's `eventName` carries it (the writers' ChangeEvent). */
export type EventName = ChangeEvent &
  {
    [G in keyof typeof EVENT_GROUPS]: `${G}${(typeof EVENT_GROUPS)[G][number]}`;
  }[keyof typeof EVENT_GROUPS];

/** The names a configuration may list: every emitted one with `s3:`, and each group's `*`. */
export const CONFIGURABLE_EVENTS: ReadonlySet<string> = new Set(
  Object.entries(EVENT_GROUPS).flatMap(([group, names]) => [`s3:${group}*`, ...names.map((name) => `s3:${group}${name}`)]),
);

/** Does a configured event name (exact or a group's `*`) cover an emitted one? */
export function eventCovers(configured: string, emitted: EventName): boolean {
  const full = `s3:${emitted}`;
  if (configured === full) return true;
  return configured.endsWith(':*') && full.startsWith(configured.slice(0, -1));
}
