/**
 * Every metric the functions emit (CloudWatch Embedded Metric Format), with its unit and dimensions: the alarms and the
 * dashboard in resources/ name metrics from this list only, and a test holds them to it (no alarm on a metric nobody
 * emits). Dimension values are closed sets (a surface, an operation name, a status class, a payment method, a status,
 * an outcome): never a token, a card, a key, a bucket or an object name.
 */
export const METRICS = {
  /** Every HTTP request, by surface, operation and status class. */
  requests: { name: 'Requests', unit: 'Count', dimensions: ['Surface', 'Operation', 'StatusClass'] },
  /** Its latency in the function, same dimensions. */
  latency: { name: 'Latency', unit: 'Milliseconds', dimensions: ['Surface', 'Operation', 'StatusClass'] },
  /** A transaction reached a status (created, paid, denied, refunded...), by payment method. */
  transactions: { name: 'Transactions', unit: 'Count', dimensions: ['PaymentMethod', 'Status'] },
  /** One webhook delivery attempt, by outcome (`succeeded` | `failed`). */
  webhookDeliveries: { name: 'WebhookDeliveries', unit: 'Count', dimensions: ['Outcome'] },
  /** Age of the oldest event still waiting for delivery, measured by each delivery run (0 when none waits). */
  webhookBacklogAge: { name: 'WebhookOldestPendingAge', unit: 'Seconds', dimensions: [] },
  /** One bucket notification delivery attempt, by outcome (`succeeded` | `failed`). */
  notificationDeliveries: { name: 'NotificationDeliveries', unit: 'Count', dimensions: ['Outcome'] },
  /** Object bytes received and sent by the S3 surface, by operation. */
  storageBytesIn: { name: 'StorageBytesIn', unit: 'Bytes', dimensions: ['Operation'] },
  storageBytesOut: { name: 'StorageBytesOut', unit: 'Bytes', dimensions: ['Operation'] },
} as const;

export type MetricKey = keyof typeof METRICS;
export type DimensionName = (typeof METRICS)[MetricKey]['dimensions'][number];

/** The status class of an HTTP status: `2xx`, `4xx`, `5xx`... */
export const statusClassOf = (status: number): string => `${Math.floor(status / 100)}xx`;
