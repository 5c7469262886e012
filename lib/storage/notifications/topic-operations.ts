import { checkPushUrl, type UrlProblem } from '../../delivery/target-policy';
import type { NotificationSettings } from '../model/notification-settings';
import type { Principal } from '../model/principal';
import { isTopicName, type Topic, topicArn, topicNameOf } from '../model/topic';
import { TopicError } from './topic-error';

/** RGW's topic attributes that CreateTopic takes; anything else is refused, as SNS refuses unknown attributes. */
const KNOWN_ATTRIBUTES = new Set([
  'push-endpoint',
  'persistent',
  'OpaqueData',
  'verify-ssl',
  'cloudevents',
  'Policy',
  'max_retries',
  'retry_sleep_duration',
  'time_to_live',
  'use-ssl',
]);
const MAX_VALUE_CHARS = 4096;

const WHY: Record<UrlProblem, string> = {
  missing: 'push-endpoint is missing or longer than 2048 characters',
  invalid: 'push-endpoint is not a valid URL',
  scheme: 'push-endpoint must be an https:// URL (http:// only on a local stack)',
  credentials: 'push-endpoint must not carry credentials',
  internal: 'push-endpoint names a private, loopback or link-local address',
};

function ownerOfCall(principal: Principal): string {
  if (principal.kind !== 'user') throw new TopicError('AuthorizationError', 'Topics belong to a signed-in storage user');
  return principal.user.id;
}

/**
 * CreateTopic: `Name` and `Attributes.entry.N.key/value`. The push endpoint must be an http(s) URL that the shared
 * target policy accepts (lib/delivery/target-policy.ts, checked again after DNS at each delivery); nothing is stored
 * on any refusal. Creating an existing topic replaces its attributes.
 */
export async function createTopic(
  settings: NotificationSettings,
  principal: Principal,
  params: { name: string | undefined; attributes: Record<string, string> },
  now: Date,
): Promise<Topic> {
  const ownerId = ownerOfCall(principal);
  if (params.name === undefined) throw new TopicError('MissingParameter', 'The request must contain the parameter Name');
  if (!isTopicName(params.name)) {
    throw new TopicError('InvalidParameter', 'Invalid parameter: Topic Name (1-256 letters, digits, - or _)');
  }
  for (const [key, value] of Object.entries(params.attributes)) {
    if (!KNOWN_ATTRIBUTES.has(key)) throw new TopicError('InvalidParameter', `Invalid parameter: unknown attribute ${key}`);
    if (value.length > MAX_VALUE_CHARS)
      throw new TopicError('InvalidParameter', `Invalid parameter: attribute ${key} is too long`);
  }
  const endpoint = params.attributes['push-endpoint'];
  if (endpoint === undefined) {
    throw new TopicError('InvalidParameter', 'Invalid parameter: push-endpoint (an http(s):// URL) is required here');
  }
  if (/^arn:/i.test(endpoint) || /^(amqps?|kafka):/i.test(endpoint)) {
    throw new TopicError('InvalidParameter', 'Invalid parameter: only http(s):// push endpoints are supported here');
  }
  const verdict = checkPushUrl(endpoint, settings.allowPrivate);
  if (!verdict.ok) throw new TopicError('InvalidParameter', `Invalid parameter: ${WHY[verdict.problem]}`);
  const topic: Topic = {
    ownerId,
    name: params.name,
    arn: topicArn(settings.region, params.name),
    pushEndpoint: endpoint,
    attributes: params.attributes,
    createdAt: now.toISOString(),
  };
  await settings.topics.put(topic);
  return topic;
}

export async function listTopics(settings: NotificationSettings, principal: Principal): Promise<Topic[]> {
  return settings.topics.list(ownerOfCall(principal));
}

/** The caller's topic an ARN names; NotFound when it names none of theirs. */
export async function getTopic(settings: NotificationSettings, principal: Principal, arn: string | undefined): Promise<Topic> {
  const ownerId = ownerOfCall(principal);
  if (arn === undefined) throw new TopicError('MissingParameter', 'The request must contain the parameter TopicArn');
  const name = topicNameOf(arn);
  const topic = name === undefined ? undefined : await settings.topics.get(ownerId, name);
  if (!topic) throw new TopicError('NotFound', 'Topic does not exist');
  return topic;
}

/** DeleteTopic: idempotent, as on SNS. Bucket configurations that name it stop delivering (their events are refused). */
export async function deleteTopic(settings: NotificationSettings, principal: Principal, arn: string | undefined): Promise<void> {
  const ownerId = ownerOfCall(principal);
  if (arn === undefined) throw new TopicError('MissingParameter', 'The request must contain the parameter TopicArn');
  const name = topicNameOf(arn);
  if (name !== undefined) await settings.topics.remove(ownerId, name);
}

/** RGW's GetTopicAttributes entries. */
export function topicAttributes(topic: Topic): [string, string][] {
  return [
    ['User', topic.ownerId],
    ['Name', topic.name],
    ['EndpointAddress', topic.pushEndpoint],
    [
      'EndpointArgs',
      Object.entries(topic.attributes)
        .map(([key, value]) => `${key}=${value}`)
        .join('&'),
    ],
    ['EndpointTopic', topic.name],
    ['OpaqueData', topic.attributes.OpaqueData ?? ''],
    ['Policy', topic.attributes.Policy ?? ''],
    ['TopicArn', topic.arn],
    ['persistent', topic.attributes.persistent ?? 'false'],
  ];
}
