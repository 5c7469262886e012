import { CreateBucketCommand, PutBucketPolicyCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import parseTorrent from 'parse-torrent';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCode, rawS3 } from '../../support/raw-s3';
import { testStack } from '../../support/stack';
import { newStorageUser, sdkClient, uniqueBucket } from '../../support/storage-clients';

/**
 * Issue 31: on plain HTTP a client's `X-Forwarded-Proto: https` is no TLS (aws:SecureTransport stays false), and a
 * torrent's web seed is on the service's own address whatever Host the client sent.
 */
const { baseUrl } = testStack();
let s3: S3Client;
let bucket: string;

beforeAll(async () => {
  s3 = sdkClient(await newStorageUser('forged-meta'));
  bucket = uniqueBucket('forged-meta');
  await s3.send(new CreateBucketCommand({ Bucket: bucket }));
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'tls-only.txt', Body: 'hi' }));
  await s3.send(new PutObjectCommand({ Bucket: bucket, Key: 'public.bin', Body: Buffer.alloc(70_000, 7), ACL: 'public-read' }));
  // Anyone may read tls-only.txt, over HTTPS only.
  await s3.send(
    new PutBucketPolicyCommand({
      Bucket: bucket,
      Policy: JSON.stringify({
        Version: '2012-10-17',
        Statement: [
          {
            Effect: 'Allow',
            Principal: '*',
            Action: 's3:GetObject',
            Resource: `arn:aws:s3:::${bucket}/tls-only.txt`,
            Condition: { Bool: { 'aws:SecureTransport': 'true' } },
          },
        ],
      }),
    }),
  );
});

describe('forged request metadata on the storage surface (issue 31)', () => {
  it('X-Forwarded-Proto: https from the client does not satisfy aws:SecureTransport on plain HTTP', async () => {
    const variants: Record<string, string>[] = [{}, { 'X-Forwarded-Proto': 'https' }, { 'X-Forwarded-Proto': 'HTTPS' }];
    for (const headers of variants) {
      const answer = await rawS3({ method: 'GET', path: `/${bucket}/tls-only.txt`, headers });
      expect([answer.status, errorCode(answer)], JSON.stringify(headers)).toEqual([403, 'AccessDenied']);
    }
  });

  it("a torrent's web seed is on the service's own address, not the Host sent", async () => {
    const answer = await rawS3({
      method: 'GET',
      path: `/${bucket}/public.bin`,
      query: { torrent: '' },
      host: 'evil.example',
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(answer.status).toBe(200);
    const torrent = await parseTorrent(answer.body);
    expect(torrent.urlList).toEqual([`${baseUrl}/${bucket}/public.bin`]);
  });
});
