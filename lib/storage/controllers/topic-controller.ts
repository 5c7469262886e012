import { StorageError } from '../model/errors';
import { formAttributes, snsErrorXml, snsResponseXml } from '../notifications/sns-documents';
import { TopicError } from '../notifications/topic-error';
import { createTopic, deleteTopic, getTopic, listTopics, topicAttributes } from '../notifications/topic-operations';
import { type S3Response, xmlResult } from '../requests/s3-response';
import type { S3Action, S3Call } from './s3-call';

type TopicAction = (call: S3Call, form: URLSearchParams) => Promise<Record<string, unknown> | undefined>;

/** RGW's SNS-compatible topic API: `POST /` with a form body naming the `Action` (DESIGN §7.9). */
const ACTIONS: Record<string, TopicAction> = {
  CreateTopic: async ({ deps, principal }, form) => {
    const topic = await createTopic(
      settingsOf(deps),
      principal,
      { name: form.get('Name') ?? undefined, attributes: formAttributes(form) },
      deps.now(),
    );
    return { TopicArn: topic.arn };
  },
  ListTopics: async ({ deps, principal }) => {
    const topics = await listTopics(settingsOf(deps), principal);
    return { Topics: topics.length === 0 ? '' : { member: topics.map((topic) => ({ TopicArn: topic.arn })) } };
  },
  GetTopicAttributes: async ({ deps, principal }, form) => {
    const topic = await getTopic(settingsOf(deps), principal, form.get('TopicArn') ?? undefined);
    return { Attributes: { entry: topicAttributes(topic).map(([key, value]) => ({ key, value })) } };
  },
  DeleteTopic: async ({ deps, principal }, form) => {
    await deleteTopic(settingsOf(deps), principal, form.get('TopicArn') ?? undefined);
    return undefined;
  },
};

const settingsOf = (deps: S3Call['deps']) => {
  if (!deps.notifications) throw new StorageError('NotImplemented', 'Notifications are not configured on this stage');
  return deps.notifications;
};

/** The service-level POST: a topic action, answered in SNS's XML (errors too: `ErrorResponse`). */
export const topicApi: S3Action = async (call) => {
  const form = new URLSearchParams(call.body.toString('utf8'));
  // Without an Action the POST is not a topic call: S3's MethodNotAllowed in S3's XML, as RGW answers it.
  if (!form.has('Action')) throw new StorageError('MethodNotAllowed', undefined, { Method: 'POST', ResourceType: 'SERVICE' });
  const name = form.get('Action') ?? '';
  const action = Object.hasOwn(ACTIONS, name) ? ACTIONS[name] : undefined;
  try {
    if (!action) throw new TopicError('InvalidAction', `The action ${name || '(none)'} is not valid for this endpoint.`);
    return xmlResult(snsResponseXml(name, call.request.requestId, await action(call, form)));
  } catch (error) {
    if (error instanceof TopicError) return snsError(error.code, error.message, error.status, call.request.requestId);
    throw error;
  }
};

const snsError = (code: string, message: string, status: number, requestId: string): S3Response =>
  xmlResult(snsErrorXml(code, message, requestId), status);
