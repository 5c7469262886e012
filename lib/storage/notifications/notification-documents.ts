import { randomUUID } from 'node:crypto';
import { XMLValidator } from 'fast-xml-parser';
import { StorageError } from '../model/errors';
import type { NotificationConfiguration, TopicConfiguration } from '../model/notification-configuration';
import { s3Document } from '../xml/s3-documents';
import { s3XmlParser } from '../xml/xml-parser';
import { CONFIGURABLE_EVENTS } from './event-names';

/** Configurations per bucket: each matching one adds an item to the change's transaction (DynamoDB takes 100 at most). */
const MAX_CONFIGURATIONS = 20;
const parser = s3XmlParser({ isArray: (name) => ['TopicConfiguration', 'Event', 'FilterRule'].includes(name) });

type Element = Record<string, unknown>;

const invalid = (message: string, name?: string, value?: string) =>
  new StorageError('InvalidArgument', message, {
    ...(name === undefined ? {} : { ArgumentName: name }),
    ...(value === undefined ? {} : { ArgumentValue: value }),
  });

function element(value: unknown): Element {
  if (value === '') return {};
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new StorageError('MalformedXML');
  return value as Element;
}

function text(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new StorageError('MalformedXML');
  return value.trim();
}

/**
 * PutBucketNotificationConfiguration's body: TopicConfiguration elements only (queues and Lambda functions are refused:
 * topics are the one destination here), each with its topic ARN, at least one known event and at most one prefix and
 * one suffix rule. An empty document turns notifications off (null). Topics are checked against the bucket owner's by
 * the setting's `accept`, so nothing is stored when one is unknown.
 */
export function parseNotificationConfiguration(document: string): NotificationConfiguration | null {
  if (document.trim() === '' || XMLValidator.validate(document) !== true) throw new StorageError('MalformedXML');
  const parsed = parser.parse(document) as Element;
  if (!('NotificationConfiguration' in parsed)) throw new StorageError('MalformedXML');
  const root = element(parsed.NotificationConfiguration);
  for (const name of Object.keys(root)) {
    if (name === 'QueueConfiguration' || name === 'CloudFunctionConfiguration' || name === 'EventBridgeConfiguration') {
      throw invalid(`${name} is not supported here; use a TopicConfiguration with an SNS topic of this service`, name);
    }
    if (name !== 'TopicConfiguration') throw new StorageError('MalformedXML');
  }
  const configurations = ((root.TopicConfiguration ?? []) as unknown[]).map(topicConfiguration);
  if (configurations.length === 0) return null;
  if (configurations.length > MAX_CONFIGURATIONS) throw invalid(`At most ${MAX_CONFIGURATIONS} configurations per bucket`);
  const ids = new Set(configurations.map((configuration) => configuration.id));
  if (ids.size !== configurations.length) throw invalid('Configuration Ids must be unique', 'Id');
  return configurations;
}

function topicConfiguration(value: unknown): TopicConfiguration {
  const configuration = element(value);
  const topicArn = text(configuration.Topic);
  if (!topicArn) throw invalid('A TopicConfiguration must name its Topic', 'Topic');
  const events = ((configuration.Event ?? []) as unknown[]).map((event) => text(event) ?? '');
  if (events.length === 0) throw invalid('A TopicConfiguration must list at least one Event', 'Event');
  for (const event of events) {
    if (!CONFIGURABLE_EVENTS.has(event)) throw invalid('The event is not supported for notifications', 'Event', event);
  }
  const id = text(configuration.Id) || randomUUID();
  if (id.length > 255) throw invalid('The configuration Id is longer than 255 characters', 'Id');
  return { id, topicArn, events: [...new Set(events)], ...filterOf(configuration.Filter) };
}

function filterOf(value: unknown): Pick<TopicConfiguration, 'prefix' | 'suffix'> {
  if (value === undefined) return {};
  const key = element(element(value).S3Key ?? '');
  const filter: Pick<TopicConfiguration, 'prefix' | 'suffix'> = {};
  for (const rule of (key.FilterRule ?? []) as unknown[]) {
    const fields = element(rule);
    const name = text(fields.Name)?.toLowerCase();
    const ruleValue = typeof fields.Value === 'string' ? fields.Value : '';
    if (name !== 'prefix' && name !== 'suffix') {
      throw invalid('FilterRule names are prefix or suffix', 'FilterRule', String(fields.Name ?? ''));
    }
    if (filter[name] !== undefined) throw invalid(`Cannot specify more than one ${name} rule in a filter.`, 'FilterRule', name);
    if (Buffer.byteLength(ruleValue) > 1024) throw invalid('A filter rule value is at most 1,024 bytes', 'FilterRule', name);
    filter[name] = ruleValue;
  }
  return filter;
}

/** GetBucketNotificationConfiguration's answer (an empty configuration when there is none, as S3 answers). */
export function notificationConfigurationXml(configuration: NotificationConfiguration): string {
  return s3Document('NotificationConfiguration', {
    ...(configuration.length === 0
      ? {}
      : {
          TopicConfiguration: configuration.map((entry) => ({
            Id: entry.id,
            Topic: entry.topicArn,
            Event: entry.events,
            ...(entry.prefix === undefined && entry.suffix === undefined
              ? {}
              : {
                  Filter: {
                    S3Key: {
                      FilterRule: [
                        ...(entry.prefix === undefined ? [] : [{ Name: 'prefix', Value: entry.prefix }]),
                        ...(entry.suffix === undefined ? [] : [{ Name: 'suffix', Value: entry.suffix }]),
                      ],
                    },
                  },
                }),
          })),
        }),
  });
}
