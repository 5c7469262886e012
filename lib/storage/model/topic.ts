/**
 * A notification topic, as RGW's SNS-compatible API keeps it: owned by the storage user that created it, named by a
 * tenant-less ARN (`arn:aws:sns:<region>::<name>`), with the push endpoint events for it are POSTed to.
 */
export interface Topic {
  ownerId: string;
  name: string;
  arn: string;
  /** An `http(s)://` URL (the only endpoint kind served; amqp, kafka, SQS and SNS ARNs are refused). */
  pushEndpoint: string;
  /** Every attribute as CreateTopic set it (push-endpoint, persistent, OpaqueData, …), for GetTopicAttributes. */
  attributes: Record<string, string>;
  createdAt: string;
}

/** The topics of each storage user (port): DynamoDB in topic-repository.ts. */
export interface TopicCatalog {
  /** Creates the topic or replaces its attributes (CreateTopic is idempotent, as on SNS and RGW). */
  put(topic: Topic): Promise<void>;
  get(ownerId: string, name: string): Promise<Topic | undefined>;
  list(ownerId: string): Promise<Topic[]>;
  /** Idempotent: removing a topic that is not there is no error. */
  remove(ownerId: string, name: string): Promise<void>;
}

export const topicArn = (region: string, name: string) => `arn:aws:sns:${region}::${name}`;

/** The topic name an ARN of ours names (any region: the ARN is the client's handle), or undefined. */
export function topicNameOf(arn: string): string | undefined {
  const match = /^arn:aws:sns:[a-z0-9-]*:[^:]*:([A-Za-z0-9_-]{1,256})$/.exec(arn);
  return match?.[1];
}

/** SNS's topic names: 1–256 of letters, digits, `-` and `_`. */
export const isTopicName = (name: string) => /^[A-Za-z0-9_-]{1,256}$/.test(name);
