import { DeleteCommand, type DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { getItem, queryAllPages } from '../../aws';
import type { Topic, TopicCatalog } from '../model/topic';

/** Topics in the storage table: partition `TOPICS#<owner id>`, sort key the topic name. */
export const topicKey = (ownerId: string, name: string) => ({ PK: `TOPICS#${ownerId}`, SK: name });

export class TopicRepository implements TopicCatalog {
  constructor(
    private readonly documents: DynamoDBDocumentClient,
    private readonly table: string,
  ) {}

  async put(topic: Topic): Promise<void> {
    await this.documents.send(
      new PutCommand({ TableName: this.table, Item: { ...topicKey(topic.ownerId, topic.name), kind: 'topic', ...topic } }),
    );
  }

  async get(ownerId: string, name: string): Promise<Topic | undefined> {
    const item = await getItem(this.documents, this.table, topicKey(ownerId, name));
    return item ? toTopic(item) : undefined;
  }

  async list(ownerId: string): Promise<Topic[]> {
    const items = await queryAllPages(this.documents, {
      TableName: this.table,
      KeyConditionExpression: 'PK = :pk',
      ExpressionAttributeValues: { ':pk': topicKey(ownerId, '').PK },
    });
    return items.map(toTopic);
  }

  async remove(ownerId: string, name: string): Promise<void> {
    await this.documents.send(new DeleteCommand({ TableName: this.table, Key: topicKey(ownerId, name) }));
  }
}

function toTopic(item: Record<string, unknown>): Topic {
  return {
    ownerId: String(item.ownerId),
    name: String(item.name),
    arn: String(item.arn),
    pushEndpoint: String(item.pushEndpoint),
    attributes: (item.attributes ?? {}) as Record<string, string>,
    createdAt: String(item.createdAt),
  };
}
