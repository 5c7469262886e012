import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import {
  CreateBucketCommand,
  GetBucketRequestPaymentCommand,
  GetObjectCommand,
  PutBucketRequestPaymentCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { UsageRepository } from '../../../lib/storage/store/usage-repository';
import { errorCode, rawS3 } from '../../support/raw-s3';
import { testStack } from '../../support/stack';
import { newStorageUser, s3ErrorName, sdkClient, uniqueBucket } from '../../support/storage-clients';

const run = promisify(execFile);
const errorName = s3ErrorName;

describe('request payment', () => {
  it('makes non-owners agree to pay on a Requester-pays bucket, and records usage per payer', async () => {
    const owner = await newStorageUser('payer-owner');
    const requester = await newStorageUser('payer-requester');
    const s3 = sdkClient(owner);
    const s3Requester = sdkClient(requester);
    const bucket = uniqueBucket('rp');
    await s3.send(new CreateBucketCommand({ Bucket: bucket, ACL: 'public-read' }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'data.bin', Body: 'x'.repeat(1000), ACL: 'public-read' }));
    expect((await s3.send(new GetBucketRequestPaymentCommand({ Bucket: bucket }))).Payer).toBe('BucketOwner');
    // BucketOwner pays: anyone the ACL allows reads without agreeing to anything.
    expect((await rawS3({ method: 'GET', path: `/${bucket}/data.bin` })).status).toBe(200);

    await s3.send(new PutBucketRequestPaymentCommand({ Bucket: bucket, RequestPaymentConfiguration: { Payer: 'Requester' } }));
    expect((await s3.send(new GetBucketRequestPaymentCommand({ Bucket: bucket }))).Payer).toBe('Requester');
    expect(await errorName(s3Requester.send(new GetObjectCommand({ Bucket: bucket, Key: 'data.bin' })))).toBe('AccessDenied');
    const paid = await s3Requester.send(new GetObjectCommand({ Bucket: bucket, Key: 'data.bin', RequestPayer: 'requester' }));
    expect([paid.RequestCharged, (await paid.Body!.transformToString()).length]).toEqual(['requester', 1000]);
    const ownRead = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: 'data.bin' }));
    expect(ownRead.RequestCharged).toBeUndefined();
    const anonymous = await rawS3({
      method: 'GET',
      path: `/${bucket}/data.bin`,
      headers: { 'x-amz-request-payer': 'requester' },
    });
    expect([anonymous.status, errorCode(anonymous)]).toEqual([403, 'AccessDenied']);
    expect(await errorName(s3Requester.send(new GetBucketRequestPaymentCommand({ Bucket: bucket })))).toBe('AccessDenied');
    const bad = await rawS3({
      method: 'PUT',
      path: `/${bucket}`,
      query: { requestPayment: '' },
      body: '<RequestPaymentConfiguration><Payer>Everyone</Payer></RequestPaymentConfiguration>',
      as: owner,
    });
    expect([bad.status, errorCode(bad)]).toEqual([400, 'MalformedXML']);

    // The CLI prints the counters: the requester paid for its one read, the owner for everything else.
    const { stdout } = await run(
      'npx',
      ['--no-install', 'tsx', 'scripts/cli.ts', '--json', 'storage', 'usage', '--bucket', bucket],
      {
        env: { ...process.env, ...testStack().env },
      },
    );
    const usage = JSON.parse(stdout) as { payerId: string; requests: number; bytesIn: number; bytesOut: number }[];
    const byPayer = Object.fromEntries(usage.map((entry) => [entry.payerId, entry]));
    expect(byPayer[requester.id]).toMatchObject({ requests: 1, bytesIn: 0, bytesOut: 1000 });
    expect(byPayer[owner.id]!.requests).toBeGreaterThanOrEqual(6);
    expect(byPayer[owner.id]!.bytesIn).toBeGreaterThanOrEqual(1000);
  });

  it('counts every one of many parallel requests exactly, per payer', async () => {
    const owner = await newStorageUser('count-owner');
    const requester = await newStorageUser('count-requester');
    const s3 = sdkClient(owner);
    const s3Requester = sdkClient(requester);
    const bucket = uniqueBucket('count');
    await s3.send(new CreateBucketCommand({ Bucket: bucket, ACL: 'public-read' }));
    await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'data.bin', Body: 'y'.repeat(300), ACL: 'public-read' }));
    await s3.send(new PutBucketRequestPaymentCommand({ Bucket: bucket, RequestPaymentConfiguration: { Payer: 'Requester' } }));
    const { stage } = testStack();
    const usage = new UsageRepository(stage.clients.documents, stage.names.storageTable);
    const totals = async () => {
      const entries = await usage.list(bucket);
      const of = (id: string) =>
        entries
          .filter((entry) => entry.payerId === id)
          .reduce(
            (sum, e) => ({
              requests: sum.requests + e.requests,
              bytesIn: sum.bytesIn + e.bytesIn,
              bytesOut: sum.bytesOut + e.bytesOut,
            }),
            {
              requests: 0,
              bytesIn: 0,
              bytesOut: 0,
            },
          );
      return { owner: of(owner.id), requester: of(requester.id) };
    };
    const before = await totals();
    const N = 24;
    await Promise.all([
      ...Array.from({ length: N }, async () => {
        const got = await s3Requester.send(new GetObjectCommand({ Bucket: bucket, Key: 'data.bin', RequestPayer: 'requester' }));
        await got.Body!.transformToString();
      }),
      ...Array.from({ length: N }, (_, i) =>
        s3.send(new PutObjectCommand({ Bucket: bucket, Key: `p-${i}`, Body: 'z'.repeat(100) })),
      ),
    ]);
    // Each answer was sent after its charge landed (buffered) or the invocation waited for it (streamed).
    const after = await totals();
    expect(after.requester).toEqual({
      requests: before.requester.requests + N,
      bytesIn: before.requester.bytesIn,
      bytesOut: before.requester.bytesOut + N * 300,
    });
    expect(after.owner).toEqual({
      requests: before.owner.requests + N,
      bytesIn: before.owner.bytesIn + N * 100,
      bytesOut: before.owner.bytesOut,
    });
  });
});
