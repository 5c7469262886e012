import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGN_IN_LIMITS } from '../../../../lib/http/web';
import { ConsoleAuditStore } from '../../../../lib/storage/console/audit/console-audit-store';
import { AdminClient, csrfOf } from '../../../support/admin/admin-client';
import { testStack } from '../../../support/stack';
import { newStorageUser, type StorageCredentials, uniqueBucket } from '../../../support/storage-clients';

const { baseUrl, stage } = testStack();
const KEY_AND_ADDRESS_FAILURE_LIMIT = DEFAULT_SIGN_IN_LIMITS.perIdentityAndAddress;
const audit = new ConsoleAuditStore(stage.clients.documents, stage.names.storageTable);

/** A browser without JavaScript on the console (the admin tests' client: cookies kept, redirects not followed). */
async function signIn(user: StorageCredentials, secretKey = user.secretKey) {
  const browser = new AdminClient();
  const form = await browser.get('/v1/console/');
  const reply = await browser.post('/v1/console/sign-in', { _csrf: csrfOf(form.text), accessKey: user.accessKey, secretKey });
  return { browser, reply };
}

/** The upload script's JSON call, with the session's cookie and the page's CSRF token. */
async function presign(browser: AdminClient, bucket: string, body: unknown, csrf?: string) {
  const cookie = [...browser.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await fetch(`${baseUrl}/v1/console/buckets/${bucket}/uploads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, ...(csrf ? { 'x-csrf-token': csrf } : {}) },
    body: JSON.stringify(body),
    redirect: 'manual',
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

describe('console sign-in over HTTP', () => {
  it('GET /v1/console/ without a session is the sign-in form, under a strict CSP and a path-scoped pre-sign-in cookie', async () => {
    const page = await new AdminClient().get('/v1/console/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<label for="accessKey">Access key</label>');
    expect(page.text).toContain('<label for="secretKey">Secret key</label>');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page.headers.get('content-security-policy')).not.toContain('script-src');
    expect(page.headers.getSetCookie().join()).toMatch(
      /gw_console_signin=[\w-]+; Max-Age=3600; .*HttpOnly; SameSite=Strict; Path=\/v1\/console/,
    );
  });

  it('sets an HttpOnly, SameSite=Strict session cookie scoped to /v1/console; __Secure- and Secure behind HTTPS', async () => {
    const user = await newStorageUser('console-cookie');
    const { reply } = await signIn(user);
    expect(reply.status).toBe(303);
    expect(reply.location).toBe('/v1/console');
    const cookie = reply.headers.getSetCookie().find((line) => line.startsWith('gw_console='))!;
    expect(cookie).toMatch(/; Max-Age=28800;.*; HttpOnly; SameSite=Strict; Path=\/v1\/console$/);
    expect(cookie).not.toContain('Secure');

    const form = await fetch(`${baseUrl}/v1/console/sign-in`, { headers: { 'x-forwarded-proto': 'https' } });
    const preSignIn = form.headers.getSetCookie()[0]!.split(';')[0]!;
    expect(preSignIn).toMatch(/^__Secure-gw_console_signin=/);
    const secure = await fetch(`${baseUrl}/v1/console/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'x-forwarded-proto': 'https', 'content-type': 'application/x-www-form-urlencoded', cookie: preSignIn },
      body: new URLSearchParams({ _csrf: csrfOf(await form.text()), accessKey: user.accessKey, secretKey: user.secretKey }),
    });
    const secureCookie = secure.headers.getSetCookie()[0]!;
    expect(secureCookie).toMatch(/^__Secure-gw_console=/);
    expect(secureCookie.split('; ')).toEqual(
      expect.arrayContaining(['Path=/v1/console', 'Secure', 'HttpOnly', 'SameSite=Strict']),
    );
  });

  it('refuses a sign-in form without its CSRF token (403, nothing done)', async () => {
    const user = await newStorageUser('console-csrf');
    const reply = await new AdminClient().post('/v1/console/sign-in', { accessKey: user.accessKey, secretKey: user.secretKey });
    expect(reply.status).toBe(403);
    expect(reply.text).toContain('Form refused');
    expect(reply.headers.getSetCookie().join()).not.toContain('gw_console=');
  });

  it(`after ${KEY_AND_ADDRESS_FAILURE_LIMIT} wrong secrets: 429 with Retry-After, even with the right one; every attempt audited`, async () => {
    const user = await newStorageUser('console-limit');
    for (let i = 0; i < KEY_AND_ADDRESS_FAILURE_LIMIT; i++) {
      const { reply } = await signIn(user, `wrong-${i}`);
      expect(reply.status).toBe(401);
      expect(reply.text).toContain('Wrong access key or secret key.');
    }
    const { reply } = await signIn(user);
    expect(reply.status).toBe(429);
    expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(reply.text).toContain('signing in is paused');
    const entries = await audit.latest(user.id);
    expect(entries.map((entry) => entry.action)).toEqual([
      'sign_in_throttled',
      ...Array(KEY_AND_ADDRESS_FAILURE_LIMIT).fill('sign_in_failed'),
    ]);
    expect(JSON.stringify(entries)).not.toContain(user.secretKey);
  });

  it('a revoked access key ends the session on the next page', async () => {
    const user = await newStorageUser('console-revoked');
    const { browser } = await signIn(user);
    expect((await browser.get('/v1/console')).status).toBe(200);
    await stage.storageUsers.revokeAccessKey(user.accessKey);
    const after = await browser.get('/v1/console/buckets/anything');
    expect(after.status).toBe(303);
    expect(after.location).toBe('/v1/console/sign-in?next=%2Fv1%2Fconsole%2Fbuckets%2Fanything');
  });
});

describe('console pages and actions over HTTP', () => {
  it('wins over the storage catch-all, answers S3 errors as pages with the API’s code and status, audits deletes', async () => {
    const user = await newStorageUser('console-pages');
    const { browser } = await signIn(user);
    const bucket = uniqueBucket('console-http');
    const home = await browser.get('/v1/console');
    const created = await browser.post('/v1/console', { _csrf: csrfOf(home.text), action: 'create', name: bucket });
    expect(created.location).toBe(`/v1/console/buckets/${bucket}`);
    const again = await browser.post('/v1/console', { _csrf: csrfOf(home.text), action: 'create', name: bucket });
    expect(again.location).toBe(created.location); // re-creating your own bucket is S3's 200 (us-east-1)

    const page = await browser.get(`/v1/console/buckets/${bucket}`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const csp = page.headers.get('content-security-policy')!;
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeDefined();
    expect(page.text).toContain(`<script nonce="${nonce}" src="/v1/console/console.js">`);
    expect(csp).toContain("connect-src 'self'");
    const csrf = csrfOf(page.text);

    const start = await presign(browser, bucket, { op: 'start', key: 'a.txt', size: 5, contentType: 'text/plain' }, csrf);
    expect(start.body.kind).toBe('single');
    const put = await fetch(`${baseUrl}${start.body.url}`, {
      method: 'PUT',
      body: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(put.status).toBe(200);
    expect((await fetch(`${baseUrl}/${bucket}/a.txt`)).status).toBe(403);
    const big = await presign(browser, bucket, { op: 'start', key: 'big.bin', size: 20 * 1024 * 1024, contentType: '' }, csrf);
    expect(big.body).toMatchObject({ kind: 'multipart', partBytes: 8 * 1024 * 1024, parts: 3 });
    const part = await presign(browser, bucket, { op: 'part', key: 'big.bin', uploadId: big.body.uploadId, partNumber: 3 }, csrf);
    expect(part.body.url).toContain('partNumber=3');
    expect((await presign(browser, bucket, { op: 'start', key: 'x', size: 1 })).status).toBe(403);
    const signedOut = await presign(new AdminClient(), bucket, { op: 'start', key: 'x', size: 1 });
    expect(signedOut).toMatchObject({ status: 401, body: { error: { code: 'SignedOut' } } });
    expect((await presign(browser, bucket, { op: 'part', key: 'x', uploadId: 'u', partNumber: 0 }, csrf)).body.error.code).toBe(
      'InvalidArgument',
    );
    expect((await fetch(`${baseUrl}${big.body.abortUrl}`, { method: 'DELETE' })).status).toBe(204);

    const refused = await browser.post(`/v1/console/buckets/${bucket}`, { _csrf: csrf, action: 'delete' });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('BucketNotEmpty');
    const download = await browser.get(`/v1/console/buckets/${bucket}/download?key=a.txt`);
    expect(download.status).toBe(303);
    const saved = await fetch(`${baseUrl}${download.location}`);
    expect(saved.headers.get('content-disposition')).toBe(`attachment; filename="a.txt"; filename*=UTF-8''a.txt`);
    expect(saved.headers.get('content-security-policy')).toBe('sandbox');
    expect(await saved.text()).toBe('hello');

    const objectPage = await browser.get(`/v1/console/buckets/${bucket}/object?key=a.txt`);
    await browser.post(`/v1/console/buckets/${bucket}/object?key=a.txt`, { _csrf: csrfOf(objectPage.text), action: 'delete' });
    const gone = await browser.post(`/v1/console/buckets/${bucket}`, { _csrf: csrf, action: 'delete' });
    expect(gone.location).toBe(`/v1/console?deleted=${bucket}`);
    const actions = (await audit.latest(user.id)).map((entry) => [entry.action, entry.target]);
    expect(actions.slice(0, 3)).toEqual([
      ['bucket_deleted', bucket],
      ['object_deleted', `${bucket}/a.txt`],
      ['bucket_created', bucket],
    ]);
  });
});
