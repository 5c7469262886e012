import type { NotificationConfiguration } from '../../model/notification-configuration';

/** A bucket's notification configuration, read-only: each configuration's events, key filter and topic. */
export function NotificationSummary({ configuration }: { configuration: NotificationConfiguration }) {
  return (
    <ul aria-label="Notification configurations">
      {configuration.map((entry) => (
        <li>
          <strong>{entry.id}</strong>: {entry.events.join(', ')}
          {entry.prefix !== undefined && ` · prefix "${entry.prefix}"`}
          {entry.suffix !== undefined && ` · suffix "${entry.suffix}"`} → <code>{entry.topicArn}</code>
        </li>
      ))}
    </ul>
  );
}
