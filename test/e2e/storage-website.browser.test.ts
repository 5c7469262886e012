import { CreateBucketCommand, PutBucketWebsiteCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, screenshot } from '../support/browser';
import { testStack } from '../support/stack';
import { newStorageUser, sdkClient, uniqueBucket } from '../support/storage-clients';

let browser: Browser;
let s3: S3Client;
let spa: string;

/** `http://<bucket>.s3-website.localhost:<port>`: Chromium resolves every `*.localhost` to the loopback address. */
const siteUrl = (bucket: string) => `http://${bucket}.s3-website.localhost:${new URL(testStack().baseUrl).port}`;

/** A single-page app: one HTML shell whose client-side router picks the view from the path. */
const SHELL = `<!doctype html>
<html><head><meta charset="utf-8"><title>SPA</title><script src="/assets/router.js" defer></script></head>
<body><nav><a href="/">home</a></nav><main id="view">loading</main></body></html>`;
const ROUTER = `const views = { '/': 'Home view', '/app/settings': 'Settings view', '/app/profile': 'Profile view' };
document.getElementById('view').textContent = views[location.pathname] || 'Not found view';`;

beforeAll(async () => {
  browser = await launchChromium();
  s3 = sdkClient(await newStorageUser('website-browser'));
  spa = uniqueBucket('spa');
  await s3.send(new CreateBucketCommand({ Bucket: spa, ACL: 'public-read' }));
  const put = (Key: string, Body: string, ContentType: string, ACL: 'public-read' | 'private' = 'public-read') =>
    s3.send(new PutObjectCommand({ Bucket: spa, Key, Body, ContentType, ACL }));
  await put('index.html', SHELL, 'text/html');
  await put('assets/router.js', ROUTER, 'text/javascript');
  await put('secret.html', '<p>secret</p>', 'text/html', 'private');
  // The client-side router relies on the error document: every unknown path gets the shell, with S3's 404.
  await s3.send(
    new PutBucketWebsiteCommand({
      Bucket: spa,
      WebsiteConfiguration: { IndexDocument: { Suffix: 'index.html' }, ErrorDocument: { Key: 'index.html' } },
    }),
  );
});

afterAll(async () => {
  await browser?.close();
});

describe('a static site in a real browser (Chromium)', () => {
  it('serves the SPA: / renders home; a deep link is a 404 whose body is the shell and whose router shows the view', async () => {
    const page = await browser.newPage();
    const home = await page.goto(`${siteUrl(spa)}/`);
    expect(home?.status()).toBe(200);
    await expect.poll(() => page.textContent('#view')).toBe('Home view');
    const deep = await page.goto(`${siteUrl(spa)}/app/settings`);
    expect(deep?.status()).toBe(404);
    expect(deep?.headers()['content-type']).toBe('text/html');
    await expect.poll(() => page.textContent('#view')).toBe('Settings view');
    await screenshot(page, 'website/spa-deep-link');
    await page.close();
  });

  it('shows a private object as the 403 error document, never its content', async () => {
    const page = await browser.newPage();
    const denied = await page.goto(`${siteUrl(spa)}/secret.html`);
    expect(denied?.status()).toBe(403);
    expect(await page.content()).not.toContain('secret</p>');
    await expect.poll(() => page.textContent('#view')).toBe('Not found view');
    await page.close();
  });

  it('follows a redirect-all bucket to the same path on its target site', async () => {
    const moved = uniqueBucket('spa-old');
    await s3.send(new CreateBucketCommand({ Bucket: moved }));
    await s3.send(
      new PutBucketWebsiteCommand({
        Bucket: moved,
        WebsiteConfiguration: { RedirectAllRequestsTo: { HostName: new URL(siteUrl(spa)).host, Protocol: 'http' } },
      }),
    );
    const page = await browser.newPage();
    const landed = await page.goto(`${siteUrl(moved)}/app/profile`);
    expect(page.url()).toBe(`${siteUrl(spa)}/app/profile`);
    expect(landed?.status()).toBe(404);
    expect(landed?.request().redirectedFrom()?.url()).toBe(`${siteUrl(moved)}/app/profile`);
    await expect.poll(() => page.textContent('#view')).toBe('Profile view');
    await page.close();
  });
});
