import { createHmac } from 'node:crypto';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteBucketPolicyCommand,
  DeleteObjectCommand,
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
import { wireRequest } from '../../support/raw-wire';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, s3ErrorName, sdkClient, uniqueBucket } from '../../support/storage-clients';

/**
 * Issue 31 (docs/security.md, "Issue 31: logs and request metadata"): access log delivery is judged at every delivery,
 * a deleted target ends the settings that point at it, and records never carry a replayable signature or a Host
 * that splits them.
 */
const { stage, baseUrl } = testStack();
const { deps } = createStorageWiring(stage.clients, stage.names, stage.config);

let alice: StorageCredentials;
let bob: StorageCredentials;
let carol: StorageCredentials;

beforeAll(async () => {
  [alice, bob, carol] = await Promise.all([newStorageUser('log-a'), newStorageUser('log-b'), newStorageUser('log-c')]);
});

/** A target policy letting the log delivery service write for `source`, set up by `account`. */
const deliveryPolicy = (target: string, source: string, account: string) =>
  JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Principal: { Service: 'logging.s3.amazonaws.com' },
        Action: 's3:PutObject',
        Resource: `arn:aws:s3:::${target}/logs/*`,
        Condition: { ArnLike: { 'aws:SourceArn': `arn:aws:s3:::${source}` }, StringEquals: { 'aws:SourceAccount': account } },
      },
    ],
  });

const enableLogging = (client: S3Client, source: string, target: string) =>
  client.send(
    new PutBucketLoggingCommand({
      Bucket: source,
      BucketLoggingStatus: { LoggingEnabled: { TargetBucket: target, TargetPrefix: 'logs/' } },
    }),
  );

/** Alice's source bucket logging into her own target, which grants delivery. */
async function alicesLogging(label: string) {
  const s3 = sdkClient(alice);
  const source = uniqueBucket(`${label}-src`);
  const target = uniqueBucket(`${label}-dst`);
  await s3.send(new CreateBucketCommand({ Bucket: source }));
  await s3.send(new CreateBucketCommand({ Bucket: target }));
  await s3.send(new PutBucketPolicyCommand({ Bucket: target, Policy: deliveryPolicy(target, source, alice.id) }));
  await enableLogging(s3, source, target);
  return { s3, source, target };
}

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

describe('access log delivery is judged at every delivery (issue 31)', () => {
  it('refuses a target owned by someone else, even one whose policy grants delivery (InvalidTargetBucketForLogging)', async () => {
    const source = uniqueBucket('log-cross-src');
    const target = uniqueBucket('log-cross-dst');
    await sdkClient(alice).send(new CreateBucketCommand({ Bucket: source }));
    await sdkClient(bob).send(new CreateBucketCommand({ Bucket: target }));
    await sdkClient(bob).send(new PutBucketPolicyCommand({ Bucket: target, Policy: deliveryPolicy(target, source, alice.id) }));
    expect(await s3ErrorName(enableLogging(sdkClient(alice), source, target))).toBe('InvalidTargetBucketForLogging');
    expect((await sdkClient(alice).send(new GetBucketLoggingCommand({ Bucket: source }))).LoggingEnabled).toBeUndefined();
  });

  it('a deleted target ends the setting: the same name re-created by another user receives nothing', async () => {
    const { s3, source, target } = await alicesLogging('log-recreate');
    await s3.send(new DeleteBucketCommand({ Bucket: target }));
    expect((await s3.send(new GetBucketLoggingCommand({ Bucket: source }))).LoggingEnabled).toBeUndefined();
    // Carol takes the name and even grants delivery for Alice's source and account: still nothing of Alice's.
    const c3 = sdkClient(carol);
    await c3.send(new CreateBucketCommand({ Bucket: target }));
    await c3.send(new PutBucketPolicyCommand({ Bucket: target, Policy: deliveryPolicy(target, source, alice.id) }));
    await s3.send(new PutObjectCommand({ Bucket: source, Key: 'private.txt', Body: 'secret' }));
    await s3.send(new GetObjectCommand({ Bucket: source, Key: 'private.txt' }));
    await flushNow();
    expect(await logLines(c3, target)).toEqual([]);
  });

  it("a setting that points at another owner's bucket (stored before this check, or raced) delivers nothing", async () => {
    const { s3, source } = await alicesLogging('log-stale');
    const theirs = uniqueBucket('log-stale-c');
    const c3 = sdkClient(carol);
    await c3.send(new CreateBucketCommand({ Bucket: theirs }));
    await c3.send(new PutBucketPolicyCommand({ Bucket: theirs, Policy: deliveryPolicy(theirs, source, alice.id) }));
    const logging = (await deps.buckets.get(source))!.logging!;
    await deps.buckets.update(source, { logging: { ...logging, targetBucket: theirs } });
    await s3.send(new PutObjectCommand({ Bucket: source, Key: 'a.txt', Body: 'a' }));
    await flushNow();
    expect(await logLines(c3, theirs)).toEqual([]);
  });

  it('a target whose owner deleted the delivery policy receives nothing', async () => {
    const { s3, source, target } = await alicesLogging('log-nopolicy');
    await s3.send(new DeleteBucketPolicyCommand({ Bucket: target }));
    await s3.send(new PutObjectCommand({ Bucket: source, Key: 'a.txt', Body: 'a' }));
    await flushNow();
    expect(await logLines(s3, target)).toEqual([]);
    // Granted again, the next records are delivered (the setting itself was kept).
    await s3.send(new PutBucketPolicyCommand({ Bucket: target, Policy: deliveryPolicy(target, source, alice.id) }));
    await s3.send(new PutObjectCommand({ Bucket: source, Key: 'b.txt', Body: 'b' }));
    await flushNow();
    const lines = await logLines(s3, target);
    expect(lines.some((line) => line.includes(' REST.PUT.OBJECT b.txt '))).toBe(true);
    expect(lines.some((line) => line.includes(' REST.PUT.OBJECT a.txt '))).toBe(false);
  });
});

describe('what access log records carry (issue 31)', () => {
  it('masks presigned signatures: a logged presigned GET cannot be replayed', async () => {
    const { s3, source, target } = await alicesLogging('log-presign');
    await s3.send(new PutObjectCommand({ Bucket: source, Key: 'private.txt', Body: 'secret' }));
    const v4 = await getSignedUrl(s3, new GetObjectCommand({ Bucket: source, Key: 'private.txt' }), { expiresIn: 600 });
    const expires = Math.floor(Date.now() / 1000) + 600;
    const v2Signature = createHmac('sha1', alice.secretKey)
      .update(`GET\n\n\n${expires}\n/${source}/private.txt`)
      .digest('base64');
    const v2 = `${baseUrl}/${source}/private.txt?AWSAccessKeyId=${alice.accessKey}&Expires=${expires}&Signature=${encodeURIComponent(v2Signature)}`;
    for (const url of [v4, v2]) expect((await fetch(url)).status).toBe(200);
    // Carol cannot read it herself.
    expect(await s3ErrorName(sdkClient(carol).send(new GetObjectCommand({ Bucket: source, Key: 'private.txt' })))).toBe(
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
      // Carol reads the log and replays the URI it holds: refused.
      const uri = /"GET (\S+) HTTP\/1\.1"/.exec(line)![1]!;
      expect((await fetch(`${baseUrl}${uri}`)).status).toBe(403);
    }
  });

  it('writes a forged Host (spaces, quotes) as one field: the record keeps its 26 fields', async () => {
    const { s3, source, target } = await alicesLogging('log-host');
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
