/** One buffered access log record of a source bucket, waiting for delivery. */
export interface BufferedRecord {
  /** Its position in the bucket's buffer (time first, so the oldest comes first). */
  id: string;
  at: string;
  line: string;
}

/** Access log records between the request that made them and their delivery to the target bucket (port). */
export interface AccessLogBuffer {
  /** Buffers a request's records (one, or one per key of a multi-object delete). */
  append(bucket: string, at: Date, requestId: string, lines: readonly string[]): Promise<void>;
  /** The bucket's oldest buffered records, oldest first. */
  oldest(bucket: string, limit: number): Promise<BufferedRecord[]>;
  remove(bucket: string, ids: readonly string[]): Promise<void>;
}
