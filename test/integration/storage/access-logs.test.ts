import { createHmac } from 'node:crypto';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteBucketPolicyCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetBucketLoggingCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutBucketLoggingCommand,
  PutBucketPolicyCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { beforeAll, describe, expect, it } from 'vitest';
import { flushAccessLogs } from '../../../lib/storage';
import { createStorageWiring } from '../../../lib/storage/storage-wiring';
import { deliveryPolicy } from '../../support/log-delivery-policy';
import { errorCode, rawS3 } from '../../support/raw-s3';
import { wireRequest } from '../../support/raw-wire';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, s3ErrorName, sdkClient, uniqueBucket } from '../../support/storage-clients';

const { stage, baseUrl } = testStack();
const { deps } = createStorageWiring(stage.clients, stage.names, stage.config);

let owner: StorageCredentials;
let other: StorageCredentials;
let third: StorageCredentials;
let s3: S3Client;

beforeAll(async () => {
  owner = await newStorageUser('logs-owner');
  other = await newStorageUser('logs-other');
  third = await newStorageUser('logs-third');
  s3 = sdkClient(owner);
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

/** A source logging into its own target, which grants delivery. */
async function loggingOn(label: string) {
  const pair = await loggingPair(label);
  await enableLogging(s3, pair.source, pair.target);
  return pair;
}

const enableLogging = (client: S3Client, source: string, target: string) =>
  client.send(
    new PutBucketLoggingCommand({
      Bucket: source,
      BucketLoggingStatus: { LoggingEnabled: { TargetBucket: target, TargetPrefix: 'logs/' } },
    }),
  );

const flushNow = () => flushAccessLogs(deps, { now: new Date(Date.now() + 1000), flushSeconds: 0 });

async function logLines(client: S3Client, target: string): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: target }));
  const lines: string[] = [];
  for (const object of listed.Contents ?? []) {
    const body = await (await client.send(new GetObjectCommand({ Bucket: target, Key: object.Key! }))).Body!.transformToString();
    lines.push(...body.trim().split('\n'));
  }
  return lines;
}

/** S3's record split into its 26 fields (quoted fields and the bracketed time count as one). */
const fieldsOf = (line: string) => line.match(/"(?:[^"\\]|\\.)*"|\[[^\]]*\]|\S+/g) ?? [];

/**
 * Issue 31 (docs/security.md, "Issue 31: logs and request metadata"): delivery is judged at every delivery, a deleted
 * target ends the settings that point at it, and records never carry a replayable signature or a Host that splits them.
 */
describe('access log delivery is judged at every delivery (issue 31)', () => {
  it('refuses a target owned by someone else, even one whose policy grants delivery (InvalidTargetBucketForLogging)', async () => {
    const source = uniqueBucket('log-cross-src');
    const target = uniqueBucket('log-cross-dst');
    await s3.send(new CreateBucketCommand({ Bucket: source }));
    await sdkClient(third).send(new CreateBucketCommand({ Bucket: target }));
    await sdkClient(third).send(
      new PutBucketPolicyCommand({ Bucket: target, Policy: deliveryPolicy(target, source, 'logs/', owner.id) }),
    );
    expect(await s3ErrorName(enableLogging(s3, source, target))).toBe('InvalidTargetBucketForLogging');
    expect((await s3.send(new GetBucketLoggingCommand({ Bucket: source }))).LoggingEnabled).toBeUndefined();
  });

  it('a deleted target ends the setting: the same name re-created by another user receives nothing', async () => {
    const { source, target } = await loggingOn('log-recreate');
    await s3.send(new DeleteBucketCommand({ Bucket: target }));
    expect((await s3.send(new GetBucketLoggingCommand({ Bucket: source }))).LoggingEnabled).toBeUndefined();
    // Another user takes the name and even grants delivery for the owner's source and account: still nothing.
    const c3 = sdkClient(other);
    await c3.send(new CreateBucketCommand({ Bucket: target }));
    await c3.send(new PutBucketPolicyCommand({ Bucket: target, Policy: deliveryPolicy(target, source, 'logs/', owner.id) }));
    await s3.send(new PutObjectCommand({ Bucket: source, Key: 'private.txt', Body: 'secret' }));
    await s3.send(new GetObjectCommand({ Bucket: source, Key: 'private.txt' }));
    await flushNow();
    expect(await logLines(c3, target)).toEqual([]);
  });

  it("a setting that points at another owner's bucket (stored before this check, or raced) delivers nothing", async () => {
    const { source } = await loggingOn('log-stale');
    const theirs = uniqueBucket('log-stale-c');
    const c3 = sdkClient(other);
    await c3.send(new CreateBucketCommand({ Bucket: theirs }));
    await c3.send(new PutBucketPolicyCommand({ Bucket: theirs, Policy: deliveryPolicy(theirs, source, 'logs/', owner.id) }));
    const logging = (await deps.buckets.get(source))!.logging!;
    await deps.buckets.update(source, { logging: { ...logging, targetBucket: theirs } });
    await s3.send(new PutObjectCommand({ Bucket: source, Key: 'a.txt', Body: 'a' }));
    await flushNow();
    expect(await logLines(c3, theirs)).toEqual([]);
    // That setting can never deliver again (a bucket's owner never changes): it is ended.
    expect((await s3.send(new GetBucketLoggingCommand({ Bucket: source }))).LoggingEnabled).toBeUndefined();
  });

  it('a target whose owner deleted the delivery policy receives nothing', async () => {
    const { source, target } = await loggingOn('log-nopolicy');
    await s3.send(new DeleteBucketPolicyCommand({ Bucket: target }));
    await s3.send(new PutObjectCommand({ Bucket: source, Key: 'a.txt', Body: 'a' }));
    await flushNow();
    expect(await logLines(s3, target)).toEqual([]);
    // Granted again, the next records are delivered (the setting itself was kept).
    await s3.send(new PutBucketPolicyCommand({ Bucket: target, Policy: deliveryPolicy(target, source, 'logs/', owner.id) }));
    await s3.send(new PutObjectCommand({ Bucket: source, Key: 'b.txt', Body: 'b' }));
    await flushNow();
    const lines = await logLines(s3, target);
    expect(lines.some((line) => line.includes(' REST.PUT.OBJECT b.txt '))).toBe(true);
    expect(lines.some((line) => line.includes(' REST.PUT.OBJECT a.txt '))).toBe(false);
  });
});

describe('what access log records carry (issue 31)', () => {
  it('masks presigned signatures: a logged presigned GET cannot be replayed', async () => {
    const { source, target } = await loggingOn('log-presign');
    await s3.send(new PutObjectCommand({ Bucket: source, Key: 'private.txt', Body: 'secret' }));
    const v4 = await getSignedUrl(s3, new GetObjectCommand({ Bucket: source, Key: 'private.txt' }), { expiresIn: 600 });
    const expires = Math.floor(Date.now() / 1000) + 600;
    const v2Signature = createHmac('sha1', owner.secretKey)
      .update(`GET\n\n\n${expires}\n/${source}/private.txt`)
      .digest('base64');
    const v2 = `${baseUrl}/${source}/private.txt?AWSAccessKeyId=${owner.accessKey}&Expires=${expires}&Signature=${encodeURIComponent(v2Signature)}`;
    for (const url of [v4, v2]) expect((await fetch(url)).status).toBe(200);
    // The other user cannot read it with their own keys.
    expect(await s3ErrorName(sdkClient(other).send(new GetObjectCommand({ Bucket: source, Key: 'private.txt' })))).toBe(
      'AccessDenied',
    );
    await flushNow();
    const body = (await logLines(s3, target)).join('\n');
    const signatures = [new URL(v4).searchParams.get('X-Amz-Signature')!, v2Signature, encodeURIComponent(v2Signature)];
    for (const signature of signatures) expect(body).not.toContain(signature);
    const presigned = body.split('\n').filter((line) => line.includes(' REST.GET.OBJECT ') && line.includes(' QueryString '));
    expect(presigned).toHaveLength(2);
    for (const line of presigned) {
      expect(line).toMatch(/(X-Amz-Signature|[?&]Signature)=REDACTED/);
      // Whoever reads the log and replays the URI it holds is refused.
      const uri = /"GET (\S+) HTTP\/1\.1"/.exec(line)![1]!;
      expect((await fetch(`${baseUrl}${uri}`)).status).toBe(403);
    }
  });

  it('writes a forged Host (spaces, quotes) as one field: the record keeps its 26 fields', async () => {
    const { source, target } = await loggingOn('log-host');
    await s3.send(new PutObjectCommand({ Bucket: source, Key: 'public.txt', Body: 'hi', ACL: 'public-read' }));
    await s3.send(new DeleteObjectCommand({ Bucket: source, Key: 'none' }));
    const forged = 'x" 200 - "y z';
    const answer = await wireRequest({
      method: 'GET',
      target: `/${source}/public.txt`,
      headers: { Host: forged, Connection: 'close' },
    });
    expect(answer.status).toBe(200);
    await flushNow();
    const lines = await logLines(s3, target);
    const line = lines.find((candidate) => candidate.includes(' REST.GET.OBJECT public.txt '));
    expect(line, lines.join('\n')).toBeDefined();
    const fields = fieldsOf(line!);
    expect(fields).toHaveLength(26);
    expect(fields[9]).toBe('200');
    expect(fields[22]).toBe('x%22%20200%20-%20%22y%20z');
    for (const each of lines) expect(fieldsOf(each), each).toHaveLength(26);
  });
});
