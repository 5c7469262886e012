import { describe, expect, it } from 'vitest';
import type { Principal } from '../../../../lib/storage/model/principal';
import type { Topic, TopicCatalog } from '../../../../lib/storage/model/topic';
import { formAttributes } from '../../../../lib/storage/notifications/sns-documents';
import { createTopic, deleteTopic, getTopic } from '../../../../lib/storage/notifications/topic-operations';

function memoryTopics(): TopicCatalog & { all: Map<string, Topic> } {
  const all = new Map<string, Topic>();
  return {
    all,
    put: async (topic) => void all.set(`${topic.ownerId}|${topic.name}`, topic),
    get: async (owner, name) => all.get(`${owner}|${name}`),
    list: async (owner) => [...all.values()].filter((topic) => topic.ownerId === owner),
    remove: async (owner, name) => void all.delete(`${owner}|${name}`),
  };
}

const user = (id: string) => ({ kind: 'user', user: { id, displayName: id } }) as unknown as Principal;
const now = new Date('2026-01-01T00:00:00Z');

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return (error as { code: string }).code;
  }
}

describe('topic API use cases', () => {
  it('refuses private, loopback and link-local push endpoints unless the local flag allows them; stores nothing', async () => {
    const topics = memoryTopics();
    const settings = { topics, region: 'us-east-1', allowPrivate: false };
    for (const endpoint of [
      'http://example.com/hook',
      'https://127.0.0.1/hook',
      'https://169.254.169.254/latest',
      'https://10.1.2.3/x',
      'https://[::1]/x',
      'https://localhost/x',
      'https://user:pw@example.com/x',
      'amqp://broker/x',
      'arn:aws:sqs:us-east-1:1:q',
    ]) {
      const created = createTopic(settings, user('u1'), { name: 't', attributes: { 'push-endpoint': endpoint } }, now);
      expect(await codeOf(created), endpoint).toBe('InvalidParameter');
    }
    expect(topics.all.size).toBe(0);
    const local = { ...settings, allowPrivate: true };
    const topic = await createTopic(
      local,
      user('u1'),
      { name: 't', attributes: { 'push-endpoint': 'http://127.0.0.1:9/x' } },
      now,
    );
    expect(topic.arn).toBe('arn:aws:sns:us-east-1::t');
    const safe = await createTopic(
      settings,
      user('u1'),
      { name: 's', attributes: { 'push-endpoint': 'https://example.com/x' } },
      now,
    );
    expect(safe.pushEndpoint).toBe('https://example.com/x');
  });

  it('refuses unknown attributes, bad names and anonymous callers; each user sees only their own topics', async () => {
    const topics = memoryTopics();
    const settings = { topics, region: 'us-east-1', allowPrivate: true };
    const attributes = { 'push-endpoint': 'http://127.0.0.1:9/x' };
    expect(await codeOf(createTopic(settings, user('u1'), { name: 't', attributes: { ...attributes, bogus: '1' } }, now))).toBe(
      'InvalidParameter',
    );
    expect(await codeOf(createTopic(settings, user('u1'), { name: 'a b', attributes }, now))).toBe('InvalidParameter');
    expect(await codeOf(createTopic(settings, user('u1'), { name: undefined, attributes }, now))).toBe('MissingParameter');
    const anonymous = { kind: 'anonymous' } as unknown as Principal;
    expect(await codeOf(createTopic(settings, anonymous, { name: 't', attributes }, now))).toBe('AuthorizationError');
    const topic = await createTopic(settings, user('u1'), { name: 't', attributes }, now);
    expect(await codeOf(getTopic(settings, user('u2'), topic.arn))).toBe('NotFound');
    await deleteTopic(settings, user('u2'), topic.arn);
    expect((await getTopic(settings, user('u1'), topic.arn)).name).toBe('t');
  });

  it('reads Attributes.entry.N pairs in order, keeping odd keys as data', () => {
    const form = new URLSearchParams(
      'Attributes.entry.2.key=persistent&Attributes.entry.2.value=true&Attributes.entry.1.key=push-endpoint&Attributes.entry.1.value=http%3A%2F%2Fh%2F&Attributes.entry.3.key=__proto__&Attributes.entry.3.value=x',
    );
    const attributes = formAttributes(form);
    expect(Object.keys(attributes)).toEqual(['push-endpoint', 'persistent', '__proto__']);
    expect(Object.getPrototypeOf(attributes)).toBe(Object.prototype);
  });
});
