import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { horizontalOverflow, launchChromium, screenshot } from '../../support/browser';
import { testStack } from '../../support/stack';
import { newStorageUser, type StorageCredentials, sdkClient, uniqueBucket } from '../../support/storage-clients';

const { baseUrl } = testStack();
let browser: Browser;
let owner: StorageCredentials;
let other: StorageCredentials;
const bucket = uniqueBucket('console');
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

beforeAll(async () => {
  [owner, other] = await Promise.all([newStorageUser('console-a'), newStorageUser('console-b')]);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

async function signedIn(user: StorageCredentials, viewport = { width: 1280, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('dialog', () => {
    throw new Error('a dialog opened: script ran from page data');
  });
  await page.goto(`${baseUrl}/v1/console/`);
  await page.getByLabel('Access key').fill(user.accessKey);
  await page.getByLabel('Secret key').fill(user.secretKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/v1\/console$/);
  return { context, page };
}

/** Picks files in the upload panel and waits until the script has uploaded them all and reloaded the folder. */
async function upload(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const reloaded = page.waitForEvent('load', { timeout: 60_000 });
  await page.locator('#files').setInputFiles(files);
  await expect.poll(() => page.locator('.progress li').count()).toBeGreaterThan(0);
  await reloaded;
}

const anonymousGet = (key: string) => fetch(`${baseUrl}/${bucket}/${key}`);

describe('the storage console in a real browser (headless Chromium)', () => {
  let context: BrowserContext;
  let page: Page;
  const shot = (name: string) => screenshot(page, `console/${name}`);
  const small = Buffer.from('hello, console\n');
  const large = randomBytes(12 * 1024 * 1024);

  it('signs in, creates a bucket (the API’s name rules), switches versioning and request payment', async () => {
    const signIn = await browser.newPage();
    await signIn.goto(`${baseUrl}/v1/console/`);
    await screenshot(signIn, 'console/01-sign-in');
    await signIn.getByLabel('Access key').fill(owner.accessKey);
    await signIn.getByLabel('Secret key').fill('not-the-secret');
    await signIn.getByRole('button', { name: 'Sign in' }).click();
    expect(await signIn.getByRole('alert').innerText()).toContain('Wrong access key or secret key.');
    await screenshot(signIn, 'console/02-sign-in-refused');
    await signIn.close();

    ({ context, page } = await signedIn(owner));
    await shot('03-buckets-empty');
    await page.getByLabel('Bucket name').fill('Not_A_Bucket');
    await page.getByRole('button', { name: 'Create bucket' }).click();
    expect(await page.getByRole('alert').innerText()).toContain('InvalidBucketName');
    await shot('04-create-refused');
    await page.getByLabel('Bucket name').fill(bucket);
    await page.getByRole('button', { name: 'Create bucket' }).click();
    await page.waitForURL(new RegExp(`/v1/console/buckets/${bucket}$`));
    await page.getByRole('button', { name: 'Turn versioning on' }).click();
    await page.waitForURL(/done=setting/);
    expect(await page.locator('#settings + dl').innerText()).toContain('Enabled');
    await page.getByRole('button', { name: 'Requester pays' }).click();
    expect(await page.locator('#settings + dl').innerText()).toContain('Requester pays');
    await page.getByRole('button', { name: 'Bucket owner pays' }).click();
    expect(await page.locator('#settings + dl').innerText()).toContain('Bucket owner pays');
  });

  it('uploads a small file into a folder (picker), a 12 MiB file (multipart) and one by drag-and-drop; navigates folders', async () => {
    await page.goto(`${baseUrl}/v1/console/buckets/${bucket}?prefix=docs/`);
    expect(await page.locator('tbody').innerText()).toContain('This folder is empty.');
    await upload(page, [{ name: 'hello.txt', mimeType: 'text/plain', buffer: small }]);
    expect(await page.locator('tbody').innerText()).toContain('hello.txt');

    await page.getByRole('link', { name: bucket, exact: true }).first().click();
    await page.waitForURL(new RegExp(`/buckets/${bucket}$`));
    const progressSeen = page.locator('.progress li').first().waitFor();
    await upload(page, [{ name: 'big.bin', mimeType: 'application/octet-stream', buffer: large }]);
    await progressSeen;
    const reloaded = page.waitForEvent('load');
    await page.evaluate(() => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['dropped bytes'], 'dropped.txt', { type: 'text/plain' }));
      document.querySelector('.drop')?.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true }));
    });
    await reloaded;
    const listing = await page.locator('tbody').innerText();
    expect(listing).toContain('docs/');
    expect(listing).toContain('big.bin');
    expect(listing).toContain('dropped.txt');
    expect(listing).toContain('12 MiB');
    // Multipart from the browser: the ETag of an object assembled from parts says how many.
    const head = await sdkClient(owner).send(new HeadObjectCommand({ Bucket: bucket, Key: 'big.bin' }));
    expect(head.ETag).toMatch(/-2"$/);
    expect(head.ContentLength).toBe(large.length);
    await shot('05-bucket');

    await page.getByRole('link', { name: 'docs/' }).click();
    await page.waitForURL(/prefix=docs%2F/);
    expect(await page.locator('.crumbs').innerText()).toContain(`${bucket} / docs`);
    await page.getByRole('link', { name: 'hello.txt' }).click();
    await page.waitForURL(/\/object\?key=docs%2Fhello.txt/);
    expect(await page.locator('#properties + dl').innerText()).toContain('text/plain');
    await shot('06-object');
  });

  it('downloads byte-exact, as an attachment, through a presigned GET', async () => {
    await page.goto(`${baseUrl}/v1/console/buckets/${bucket}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('tr', { hasText: 'big.bin' }).getByRole('link', { name: 'Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('big.bin');
    expect(sha256(await readFile((await download.path()) as string))).toBe(sha256(large));
  });

  it('makes an object public (an anonymous GET succeeds), then private again (it fails)', async () => {
    expect((await anonymousGet('docs/hello.txt')).status).toBe(403);
    await page.goto(`${baseUrl}/v1/console/buckets/${bucket}/object?key=docs%2Fhello.txt`);
    await page.getByRole('button', { name: 'Make public' }).click();
    await page.waitForURL(/done=public-read/);
    expect(await page.locator('main').innerText()).toContain('AllUsers');
    const open = await anonymousGet('docs/hello.txt');
    expect(open.status).toBe(200);
    expect(Buffer.from(await open.arrayBuffer())).toEqual(small);
    await shot('07-object-public');
    await page.getByRole('button', { name: 'Make private' }).click();
    await page.waitForURL(/done=private/);
    expect((await anonymousGet('docs/hello.txt')).status).toBe(403);
  });

  it('shows two versions, downloads and restores the older one, deletes with confirmation', async () => {
    await page.goto(`${baseUrl}/v1/console/buckets/${bucket}?prefix=docs/`);
    await upload(page, [{ name: 'hello.txt', mimeType: 'text/plain', buffer: Buffer.from('second version\n') }]);
    await page.getByRole('link', { name: 'hello.txt' }).click();
    const rows = page.locator('#versions + table tbody tr');
    expect(await rows.count()).toBe(2);
    await shot('08-versions');
    const older = rows.nth(1);
    const [download] = await Promise.all([page.waitForEvent('download'), older.getByRole('link', { name: 'Download' }).click()]);
    expect(await readFile((await download.path()) as string)).toEqual(small);
    await older.getByRole('button', { name: 'Restore' }).click();
    await page.waitForURL(/done=restored/);
    expect(await rows.count()).toBe(3);

    await page.getByRole('link', { name: 'Delete…' }).click();
    await shot('09-confirm-delete');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/prefix=docs%2F/);
    expect(await page.locator('tbody').innerText()).not.toContain('hello.txt');
  });

  it('shows an XSS key and XSS metadata as text; object pages never see the console cookie', async () => {
    const xssKey = '<img src=x onerror=alert(1)>.html';
    await sdkClient(owner).send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: xssKey,
        Body: '<script>document.title = "cookie:" + document.cookie</script>',
        ContentType: 'text/html',
        Metadata: { note: '<script>alert(2)</script>' },
        ACL: 'public-read',
      }),
    );
    await page.goto(`${baseUrl}/v1/console/buckets/${bucket}`);
    expect(await page.locator('tbody').innerText()).toContain(xssKey);
    expect(await page.locator('main img').count()).toBe(0);
    await page.getByRole('link', { name: xssKey }).click();
    expect(await page.locator('#metadata + dl').innerText()).toContain('<script>alert(2)</script>');
    expect(await page.locator('main script').count()).toBe(0);
    await shot('10-xss-key');

    const objectUrl = `${baseUrl}/${bucket}/${encodeURIComponent(xssKey)}`;
    expect((await context.cookies(objectUrl)).map((cookie) => cookie.name)).not.toContain('gw_console');
    const objectPage = await context.newPage();
    await objectPage.goto(objectUrl);
    expect(await objectPage.title()).not.toContain('cookie:');
    await objectPage.close();
  });

  it('refuses a replayed or foreign CSRF token, and a second user sees none of the first one’s private data', async () => {
    await page.goto(`${baseUrl}/v1/console/buckets/${bucket}`);
    const token = await page.locator('input[name=_csrf]').first().inputValue();
    const second = await signedIn(other);
    expect(await second.page.locator('main').innerText()).not.toContain(bucket);
    const foreign = await second.context.request.post(`${baseUrl}/v1/console/buckets/${bucket}`, {
      form: { _csrf: token, action: 'setting', setting: 'public-read' },
      maxRedirects: 0,
    });
    expect(foreign.status()).toBe(403);
    expect(await foreign.text()).toContain('Form refused');
    await second.page.goto(`${baseUrl}/v1/console/buckets/${bucket}`);
    expect(await second.page.locator('main').innerText()).toContain('AccessDenied');
    await screenshot(second.page, 'console/11-other-user-denied');
    await second.page.goto(`${baseUrl}/v1/console/buckets/${bucket}/object?key=big.bin`);
    expect(await second.page.locator('main').innerText()).toContain('AccessDenied');
    const download = await second.context.request.get(`${baseUrl}/v1/console/buckets/${bucket}/download?key=big.bin`, {
      maxRedirects: 0,
    });
    expect(download.status()).toBe(403);
    await second.context.close();

    // The owner signs out and in again: the old session's token is dead with its session.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/v1\/console\/sign-in$/);
    ({ context, page } = await signedIn(owner));
    const replay = await context.request.post(`${baseUrl}/v1/console/buckets/${bucket}`, {
      form: { _csrf: token, action: 'setting', setting: 'public-read' },
      maxRedirects: 0,
    });
    expect(replay.status()).toBe(403);
    expect((await fetch(`${baseUrl}/${bucket}`)).status).toBe(403); // the replay did not make the bucket public
  });

  it('deletes an empty bucket, works on a phone, and signs out', async () => {
    const spare = uniqueBucket('console-spare');
    await page.getByLabel('Bucket name').fill(spare);
    await page.getByRole('button', { name: 'Create bucket' }).click();
    await page.waitForURL(new RegExp(spare));
    await page.getByRole('link', { name: 'Delete bucket…' }).click();
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/deleted=/);
    expect(await page.getByRole('status').innerText()).toContain(`Bucket ${spare} deleted.`);
    expect(await page.locator('tbody').innerText()).toContain(bucket);
    await shot('12-buckets');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseUrl}/v1/console/buckets/${bucket}`);
    expect(await horizontalOverflow(page)).toBe(0);
    await shot('13-bucket-phone');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/v1\/console\/sign-in$/);
    await page.goto(`${baseUrl}/v1/console/buckets/${bucket}`);
    expect(page.url()).toContain('/v1/console/sign-in?next=');
    await shot('14-signed-out');
    await context.close();
  });
});
