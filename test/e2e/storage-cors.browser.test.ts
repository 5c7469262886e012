import { CreateBucketCommand, GetObjectCommand, PutBucketCorsCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type ReturnServer, startReturnServer } from '../support/browser';
import { newStorageUser, sdkClient, uniqueBucket } from '../support/storage-clients';

let browser: Browser;
let site: ReturnServer;
let s3: S3Client;

beforeAll(async () => {
  browser = await launchChromium();
  site = await startReturnServer();
  s3 = sdkClient(await newStorageUser('cors-browser'));
});

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

/** Runs a presigned PUT then GET from a page on another origin, as a web app uploading straight to storage does. */
async function uploadFromPage(
  bucket: string,
  key: string,
): Promise<{ ok: boolean; etag?: string | null; text?: string; error?: string }> {
  const put = await getSignedUrl(s3, new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: 'text/plain' }), {
    expiresIn: 300,
  });
  const get = await getSignedUrl(s3, new GetObjectCommand({ Bucket: bucket, Key: key }), { expiresIn: 300 });
  const page = await browser.newPage();
  await page.goto(`${site.origin}/app`);
  const result = await page.evaluate(
    async ([putUrl, getUrl]) => {
      try {
        const stored = await fetch(putUrl!, {
          method: 'PUT',
          body: 'sent by a web page',
          headers: { 'content-type': 'text/plain' },
        });
        const back = await fetch(getUrl!);
        return { ok: stored.ok && back.ok, etag: stored.headers.get('etag'), text: await back.text() };
      } catch (error) {
        return { ok: false, error: String(error) };
      }
    },
    [put, get],
  );
  await page.close();
  return result;
}

describe('CORS in a real browser (Chromium)', () => {
  it('blocks a cross-origin upload until the bucket allows the origin, then uploads and reads back', async () => {
    const bucket = uniqueBucket('cors-browser');
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
    const blocked = await uploadFromPage(bucket, 'blocked.txt');
    expect(blocked.ok).toBe(false);
    expect(blocked.error).toContain('Failed to fetch');
    await s3.send(
      new PutBucketCorsCommand({
        Bucket: bucket,
        CORSConfiguration: {
          CORSRules: [
            { AllowedOrigins: [site.origin], AllowedMethods: ['GET', 'PUT'], AllowedHeaders: ['*'], ExposeHeaders: ['ETag'] },
          ],
        },
      }),
    );
    const allowed = await uploadFromPage(bucket, 'page.txt');
    expect(allowed).toEqual({ ok: true, etag: expect.stringMatching(/^"[0-9a-f]{32}"$/), text: 'sent by a web page' });
  });
});
