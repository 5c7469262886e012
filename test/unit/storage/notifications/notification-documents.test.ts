import { describe, expect, it } from 'vitest';
import {
  notificationConfigurationXml,
  parseNotificationConfiguration,
} from '../../../../lib/storage/notifications/notification-documents';

const ARN = 'arn:aws:sns:us-east-1::t1';
const doc = (inner: string) =>
  `<NotificationConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${inner}</NotificationConfiguration>`;
const topic = (inner: string) => doc(`<TopicConfiguration>${inner}</TopicConfiguration>`);
const codeOf = (document: string) => {
  try {
    parseNotificationConfiguration(document);
    return 'ok';
  } catch (error) {
    return (error as { code: string }).code;
  }
};

describe('NotificationConfiguration XML', () => {
  it('reads topic configurations with their events and prefix/suffix rules, and writes them back', () => {
    const parsed = parseNotificationConfiguration(
      topic(
        `<Id>a</Id><Topic>${ARN}</Topic><Event>s3:ObjectCreated:*</Event><Event>s3:ObjectRemoved:Delete</Event>` +
          '<Filter><S3Key><FilterRule><Name>Prefix</Name><Value>in/</Value></FilterRule>' +
          '<FilterRule><Name>suffix</Name><Value>.txt</Value></FilterRule></S3Key></Filter>',
      ),
    );
    expect(parsed).toEqual([
      { id: 'a', topicArn: ARN, events: ['s3:ObjectCreated:*', 's3:ObjectRemoved:Delete'], prefix: 'in/', suffix: '.txt' },
    ]);
    const xml = notificationConfigurationXml(parsed ?? []);
    expect(parseNotificationConfiguration(xml)).toEqual(parsed);
    expect(xml).toContain('<FilterRule><Name>prefix</Name><Value>in/</Value></FilterRule>');
  });

  it('gives a configuration without an Id one, and turns notifications off with an empty document', () => {
    const [entry] = parseNotificationConfiguration(topic(`<Topic>${ARN}</Topic><Event>s3:ObjectCreated:Put</Event>`)) ?? [];
    expect(entry?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(parseNotificationConfiguration(doc(''))).toBeNull();
    expect(parseNotificationConfiguration('<NotificationConfiguration/>')).toBeNull();
  });

  it('refuses unsupported events, destinations other than topics, bad filters and malformed documents', () => {
    expect(codeOf(topic(`<Topic>${ARN}</Topic><Event>s3:ObjectRestore:Post</Event>`))).toBe('InvalidArgument');
    expect(codeOf(topic(`<Topic>${ARN}</Topic>`))).toBe('InvalidArgument');
    expect(codeOf(topic('<Event>s3:ObjectCreated:*</Event>'))).toBe('InvalidArgument');
    expect(codeOf(doc('<QueueConfiguration><Queue>arn:aws:sqs:us-east-1:1:q</Queue></QueueConfiguration>'))).toBe(
      'InvalidArgument',
    );
    const rule = (name: string) => `<FilterRule><Name>${name}</Name><Value>x</Value></FilterRule>`;
    const filtered = (rules: string) =>
      topic(`<Topic>${ARN}</Topic><Event>s3:ObjectCreated:*</Event><Filter><S3Key>${rules}</S3Key></Filter>`);
    expect(codeOf(filtered(rule('prefix') + rule('prefix')))).toBe('InvalidArgument');
    expect(codeOf(filtered(rule('regex')))).toBe('InvalidArgument');
    const twice = `<TopicConfiguration><Id>a</Id><Topic>${ARN}</Topic><Event>s3:ObjectCreated:*</Event></TopicConfiguration>`;
    expect(codeOf(doc(twice + twice))).toBe('InvalidArgument');
    expect(codeOf('<NotificationConfiguration><TopicConfiguration>')).toBe('MalformedXML');
    expect(codeOf('<Other/>')).toBe('MalformedXML');
    expect(codeOf('')).toBe('MalformedXML');
  });
});
