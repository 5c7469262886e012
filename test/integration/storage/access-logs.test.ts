import {
  CreateBucketCommand,
  DeleteObjectsCommand,
  GetBucketLoggingCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutBucketLoggingCommand,
  PutBucketPolicyCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { flushAccessLogs } from '../../../lib/storage';
import { createStorageWiring } from '../../../lib/storage/storage-wiring';
import { errorCode, rawS3 } from '../../support/raw-s3';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, s3ErrorName, sdkClient, uniqueBucket } from '../../support/storage-clients';

const { stage } = testStack();
const { deps } = createStorageWiring(stage.clients, stage.names, stage.config);

let owner: StorageCredentials;
let other: StorageCredentials;
let s3: S3Client;

beforeAll(async () => {
  owner = await newStorageUser('logs-owner');
  other = await newStorageUser('logs-other');
  s3 = sdkClient(owner);
});

/** The target bucket's policy letting the log delivery service write under `prefix` for `source`, set up by `account`. */
const deliveryPolicy = (target: string, source: string, prefix: string, account: string) =>
  JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Sid: 'S3ServerAccessLogsPolicy',
        Effect: 'Allow',
        Principal: { Service: 'logging.s3.amazonaws.com' },
        Action: 's3:PutObject',
        Resource: `arn:aws:s3:::${target}/${prefix}*`,
        Condition: { ArnLike: { 'aws:SourceArn': `arn:aws:s3:::${source}` }, StringEquals: { 'aws:SourceAccount': account } },
      },
    ],
  });

async function loggingPair(label: string, prefix = 'logs/') {
  const source = uniqueBucket(`${label}-src`);
  const target = uniqueBucket(`${label}-dst`);
  await s3.send(new CreateBucketCommand({ Bucket: source }));
  await s3.send(new CreateBucketCommand({ Bucket: target }));
  await s3.send(new PutBucketPolicyCommand({ Bucket: target, Policy: deliveryPolicy(target, source, prefix, owner.id) }));
  return { source, target };
}

describe('server access logging', () => {
  it('delivers one record per request, in S3 format, to the target bucket once the flush time has passed', async () => {
    const { source, target } = await loggingPair('logs');
    await s3.send(
      new PutBucketLoggingCommand({
        Bucket: source,
        BucketLoggingStatus: { LoggingEnabled: { TargetBucket: target, TargetPrefix: 'logs/' } },
      }),
    );
    const status = await s3.send(new GetBucketLoggingCommand({ Bucket: source }));
    expect(status.LoggingEnabled).toEqual({
      TargetBucket: target,
      TargetPrefix: 'logs/',
      TargetObjectKeyFormat: { SimplePrefix: {} },
    });
    await s3.send(new PutObjectCommand({ Bucket: source, Key: 'photo one.jpg', Body: 'hello' }));
    await s3.send(new GetObjectCommand({ Bucket: source, Key: 'photo one.jpg' }));
    expect(await s3ErrorName(sdkClient(other).send(new GetObjectCommand({ Bucket: source, Key: 'photo one.jpg' })))).toBe(
      'AccessDenied',
    );
    // Allowed by an object ACL grant, not by ownership or a policy: the record says the ACL was required.
    await s3.send(new PutObjectCommand({ Bucket: source, Key: 'public.txt', Body: 'hi', ACL: 'public-read' }));
    await sdkClient(other).send(new GetObjectCommand({ Bucket: source, Key: 'public.txt' }));

    // Not yet due: nothing is delivered, and delivery is never the request's work.
    expect((await flushAccessLogs(deps, { now: new Date(), flushSeconds: 3600 })).objects).toBe(0);
    expect((await s3.send(new ListObjectsV2Command({ Bucket: target }))).KeyCount).toBe(0);
    const report = await flushAccessLogs(deps, { now: new Date(Date.now() + 1000), flushSeconds: 0 });
    expect(report.objects).toBeGreaterThanOrEqual(1);

    const listed = await s3.send(new ListObjectsV2Command({ Bucket: target }));
    expect(listed.Contents).toHaveLength(1);
    const key = listed.Contents![0]!.Key!;
    expect(key).toMatch(/^logs\/\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}-[\w-]+$/);
    const body = await (await s3.send(new GetObjectCommand({ Bucket: target, Key: key }))).Body!.transformToString();
    const lines = body.trim().split('\n');
    // Every request on the source bucket from the moment it logs: the change itself, the status read, the upload, the reads.
    expect(lines.map((line) => line.split(' ')[7])).toEqual([
      'REST.PUT.LOGGING_STATUS',
      'REST.GET.LOGGING_STATUS',
      'REST.PUT.OBJECT',
      'REST.GET.OBJECT',
      'REST.GET.OBJECT',
      'REST.PUT.OBJECT',
      'REST.GET.OBJECT',
    ]);
    const [, , put, get, denied, , byAcl] = lines;
    expect(put).toMatch(
      new RegExp(
        `^${owner.id} ${source} \\[\\d{2}/\\w{3}/\\d{4}:\\d{2}:\\d{2}:\\d{2} \\+0000\\] \\S+ ${owner.id} \\S+ REST\\.PUT\\.OBJECT photo%20one\\.jpg "PUT /${source}/photo%20one\\.jpg`,
      ),
    );
    expect(put).toContain(' 200 - ');
    expect(put).toContain(' SigV4 ');
    expect(get).toContain(' REST.GET.OBJECT photo%20one.jpg ');
    expect(denied).toContain(` ${other.id} `);
    expect(denied).toContain(' 403 AccessDenied ');
    expect(get!.endsWith(' -'), 'the owner needs no ACL').toBe(true);
    expect(byAcl).toContain(` ${other.id} `);
    expect(byAcl!.endsWith(' Yes'), 'ACLRequired').toBe(true);
    // Each record is S3's 26 fields (quoted ones count as one).
    for (const line of lines) expect(line.match(/"[^"]*"|\[[^\]]*\]|\S+/g), line).toHaveLength(26);
  });

  it('refuses a target that does not allow delivery, another owner, the source itself; turning logging off answers the empty status', async () => {
    const { source, target } = await loggingPair('logs-refused');
    const enable = (Bucket: string, TargetBucket: string, client = s3) =>
      client.send(
        new PutBucketLoggingCommand({ Bucket, BucketLoggingStatus: { LoggingEnabled: { TargetBucket, TargetPrefix: 'logs/' } } }),
      );
    const bare = uniqueBucket('logs-bare');
    await s3.send(new CreateBucketCommand({ Bucket: bare }));
    expect(await s3ErrorName(enable(source, bare))).toBe('AccessDenied');
    expect(await s3ErrorName(enable(source, source))).toBe('InvalidArgument');
    expect(await s3ErrorName(enable(source, uniqueBucket('logs-missing')))).toBe('NoSuchKey');
    expect(await s3ErrorName(enable(source, target, sdkClient(other)))).toBe('AccessDenied');
    // Another user's bucket cannot point at it: S3 wants one owner for both (issue 31).
    const strangers = uniqueBucket('logs-stranger');
    await sdkClient(other).send(new CreateBucketCommand({ Bucket: strangers }));
    expect(await s3ErrorName(enable(strangers, target, sdkClient(other)))).toBe('InvalidTargetBucketForLogging');
    expect((await s3.send(new GetBucketLoggingCommand({ Bucket: source }))).LoggingEnabled).toBeUndefined();
    await enable(source, target);
    const off = await rawS3({
      method: 'PUT',
      path: `/${source}`,
      query: { logging: '' },
      body: '<BucketLoggingStatus xmlns="http://s3.amazonaws.com/doc/2006-03-01/"/>',
      as: owner,
    });
    expect(off.status).toBe(200);
    const status = await rawS3({ method: 'GET', path: `/${source}`, query: { logging: '' }, as: owner });
    expect(status.status).toBe(200);
    expect(status.text).toMatch(
      /<BucketLoggingStatus xmlns="http:\/\/s3.amazonaws.com\/doc\/2006-03-01\/"\s*(\/>|><\/BucketLoggingStatus>)/,
    );
    const malformed = await rawS3({
      method: 'PUT',
      path: `/${source}`,
      query: { logging: '' },
      body: '<BucketLoggingStatus><LoggingEnabled>',
      as: owner,
    });
    expect([malformed.status, errorCode(malformed)]).toEqual([400, 'MalformedXML']);
  });

  it('gathers the sources that share a target and prefix into one object, and logs a multi-object delete per key', async () => {
    const target = uniqueBucket('logs-shared');
    const sources = [uniqueBucket('logs-a'), uniqueBucket('logs-b')];
    await s3.send(new CreateBucketCommand({ Bucket: target }));
    const statements = sources.map((source) => JSON.parse(deliveryPolicy(target, source, 'shared/', owner.id)).Statement[0]);
    await s3.send(
      new PutBucketPolicyCommand({ Bucket: target, Policy: JSON.stringify({ Version: '2012-10-17', Statement: statements }) }),
    );
    for (const source of sources) {
      await s3.send(new CreateBucketCommand({ Bucket: source }));
      await s3.send(
        new PutBucketLoggingCommand({
          Bucket: source,
          BucketLoggingStatus: { LoggingEnabled: { TargetBucket: target, TargetPrefix: 'shared/' } },
        }),
      );
      await s3.send(new PutObjectCommand({ Bucket: source, Key: 'a', Body: 'a' }));
    }
    await s3.send(new DeleteObjectsCommand({ Bucket: sources[0], Delete: { Objects: [{ Key: 'a' }, { Key: 'gone' }] } }));
    await flushAccessLogs(deps, { now: new Date(Date.now() + 1000), flushSeconds: 0 });
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: target }));
    expect(listed.Contents).toHaveLength(1);
    const body = await (
      await s3.send(new GetObjectCommand({ Bucket: target, Key: listed.Contents![0]!.Key! }))
    ).Body!.transformToString();
    const puts = body.split('\n').filter((line) => line.includes(' REST.PUT.OBJECT a '));
    expect(puts.map((line) => line.split(' ')[1]).sort()).toEqual([...sources].sort());
    const deletes = body.split('\n').filter((line) => line.includes(' REST.POST.DELETE_MULTI_OBJECT '));
    expect(deletes.map((line) => line.split(' ')[8])).toEqual(['a', 'gone']);
  });
});
