import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { errorCode, rawS3 } from '../../support/raw-s3';
import { testStack } from '../../support/stack';
import { newStorageUser, uniqueBucket } from '../../support/storage-clients';

const { baseUrl } = testStack();
const run = promisify(execFile);

describe('bucket notifications: topics and configuration (DESIGN §7.9)', () => {
  it("boto3's sns client manages topics on the storage endpoint; its s3 client sets a filtered configuration", async () => {
    const user = await newStorageUser('notify-cfg');
    const bucket = uniqueBucket('notify-cfg');
    const script = join(__dirname, 'clients', 'boto3_notifications.py');
    const push = 'http://127.0.0.1:9/events';
    const { stdout } = await run('python3', [script, baseUrl, user.accessKey, user.secretKey, bucket, push], {
      timeout: 90_000,
    });
    const report = JSON.parse(stdout);
    expect(report.arn).toBe(`arn:aws:sns:us-east-1::${bucket}-topic`);
    expect(report.listed).toBe(true);
    expect(report.attributes).toMatchObject({
      User: user.id,
      Name: `${bucket}-topic`,
      EndpointAddress: push,
      OpaqueData: 'opaque-1',
      TopicArn: report.arn,
      persistent: 'true',
    });
    expect(report.badEndpoint).toEqual([400, 'InvalidParameter']);
    expect(report.sqsEndpoint).toEqual([400, 'InvalidParameter']);
    expect(report.badName).toEqual([400, 'InvalidParameter']);
    expect(report.unknownTopic).toEqual([404, 'NotFound']);
    // Nothing stored by a refused CreateTopic.
    expect(report.afterBad).toEqual([report.arn]);
    expect(report.emptyConfig).toEqual([]);
    expect(report.configBack).toEqual([
      {
        Id: 'txt-in',
        TopicArn: report.arn,
        Events: ['s3:ObjectCreated:*', 's3:ObjectRemoved:*'],
        Filter: {
          Key: {
            FilterRules: [
              { Name: 'prefix', Value: 'in/' },
              { Name: 'suffix', Value: '.txt' },
            ],
          },
        },
      },
    ]);
    expect(report.unknownTopicConfig).toBe('InvalidArgument');
    expect(report.unsupportedEvent).toBe('InvalidArgument');
    expect(report.queueConfig).toBe('InvalidArgument');
    expect(report.unchanged).toBe(true);
    expect(report.deletedGone).toBe(true);
    expect(report.deleteAgain).toBe('ok');
  });

  it('answers topic errors in SNS XML (an unknown action, an anonymous call) and serves GET and a malformed PUT of ?notification', async () => {
    const user = await newStorageUser('notify-raw');
    const bogus = await rawS3({ method: 'POST', path: '/', body: 'Action=Publish&Message=x', as: user });
    expect(bogus.status).toBe(400);
    expect(bogus.text).toMatch(
      /<ErrorResponse xmlns="https:\/\/sns.amazonaws.com\/doc\/2010-03-31\/"><Error><Type>Sender<\/Type><Code>InvalidAction<\/Code>/,
    );
    expect(bogus.text).toMatch(/<RequestId>[^<]+<\/RequestId><\/ErrorResponse>$/);
    const anonymous = await rawS3({ method: 'POST', path: '/', body: 'Action=ListTopics' });
    expect([anonymous.status, anonymous.text]).toEqual([403, expect.stringContaining('<Code>AuthorizationError</Code>')]);
    const bucket = uniqueBucket('notify-raw');
    await rawS3({ method: 'PUT', path: `/${bucket}`, as: user });
    const notification = await rawS3({ method: 'GET', path: `/${bucket}`, query: { notification: '' }, as: user });
    expect(notification.status).toBe(200);
    expect(notification.text).toContain('<NotificationConfiguration');
    const malformed = await rawS3({
      method: 'PUT',
      path: `/${bucket}`,
      query: { notification: '' },
      body: '<NotificationConfiguration><TopicConfiguration><Topic>x',
      as: user,
    });
    expect(errorCode(malformed)).toBe('MalformedXML');
  });
});
