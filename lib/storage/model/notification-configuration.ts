/** One TopicConfiguration of a bucket's NotificationConfiguration (S3's XML, RGW's semantics). */
export interface TopicConfiguration {
  id: string;
  topicArn: string;
  /** As configured: `s3:ObjectCreated:*`, `s3:ObjectRemoved:Delete`, … (events.ts lists the names). */
  events: string[];
  prefix?: string;
  suffix?: string;
}

export type NotificationConfiguration = TopicConfiguration[];
