import type { NotificationConfiguration, TopicConfiguration } from '../model/notification-configuration';
import { type EventName, eventCovers } from './event-names';

/** The configurations of a bucket that a change of `key` named `eventName` matches (event, prefix and suffix). */
export function matchingConfigurations(
  configuration: NotificationConfiguration | undefined,
  eventName: EventName,
  key: string,
): TopicConfiguration[] {
  return (configuration ?? []).filter(
    (entry) =>
      entry.events.some((event) => eventCovers(event, eventName)) &&
      (entry.prefix === undefined || key.startsWith(entry.prefix)) &&
      (entry.suffix === undefined || key.endsWith(entry.suffix)),
  );
}
