import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_DEV_WEB_SECRET } from '../../../../lib/config';
import { SessionStore } from '../../../../lib/gateway/admin/sessions/session-store';
import { newSessionId, signSessionId } from '../../../../lib/http/web/session-token';
import { AdminClient, csrfOf, newAdminUser } from '../../../support/admin/admin-client';
import { call, cardBody, newMerchant } from '../../../support/gateway';
import { testStack } from '../../../support/stack';

const { stage, logFile } = testStack();
let shopA: { id: string; token: string };
let shopB: { id: string; token: string };
let userA: { email: string; password: string };
let userB: { email: string; password: string };
let txA: number;

beforeAll(async () => {
  shopA = await newMerchant();
  shopB = await newMerchant();
  [userA, userB] = await Promise.all([newAdminUser(shopA.id), newAdminUser(shopB.id)]);
  const created = await call('POST', '/v1/transacao', cardBody(shopA.token, { transacao: { capturar: 'false' } }));
  txA = created.body.transacao.id;
});

async function statusOf(id: number): Promise<string> {
  const { Item } = await stage.clients.documents.send(
    new GetCommand({ TableName: stage.names.gatewayTable, Key: { PK: `TX#${id}`, SK: 'TX' } }),
  );
  return String(Item?.status);
}

describe('admin login and sessions', () => {
  it('logs in with a signed HttpOnly SameSite=Lax cookie with expiry, not Secure on plain-http localhost, and pages carry the SANDBOX banner', async () => {
    const client = new AdminClient();
    const login = await client.get('/v1/admin/login');
    expect(login.status).toBe(200);
    expect(login.text).toContain('SANDBOX');
    expect(login.headers.get('content-security-policy')).toContain("default-src 'none'");
    const reply = await client.post('/v1/admin/login', {
      _csrf: csrfOf(login.text),
      email: userA.email,
      password: userA.password,
    });
    expect(reply.status).toBe(303);
    expect(reply.location).toBe('/v1/admin');
    const setCookie = reply.headers.getSetCookie().find((line) => line.startsWith('gw_admin_session='));
    expect(setCookie).toMatch(/Max-Age=28800; .*HttpOnly; SameSite=Lax; Path=\//);
    expect(setCookie).not.toMatch(/Secure/);
    // Scoped to the admin UI: object URLs on this origin (other users' content) never receive it.
    expect(setCookie).toMatch(/; Path=\/v1\/admin(;|$)/);
    const overview = await client.get('/v1/admin');
    expect(overview.status).toBe(200);
    expect(overview.text).toContain('SANDBOX');
    expect(overview.text).toContain(userA.email);
  });

  it('says the same thing for an unknown e-mail and a wrong password', async () => {
    const unknown = await new AdminClient().logIn(`nobody-${Date.now()}@x.test`, 'whatever-password');
    const wrong = await new AdminClient().logIn(userB.email, 'not-the-password');
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    const message = (html: string) => /role="alert">([^<]*)</.exec(html)?.[1];
    expect(message(unknown.text)).toBe('Wrong e-mail or password.');
    expect(message(wrong.text)).toBe(message(unknown.text));
  });

  it('without a session, or with a forged or expired one, pages send the browser to the login (and back afterwards)', async () => {
    const none = await new AdminClient().get(`/v1/admin/transactions/${txA}`);
    expect(none.status).toBe(303);
    expect(none.location).toBe(`/v1/admin/login?next=${encodeURIComponent(`/v1/admin/transactions/${txA}`)}`);

    const forged = new AdminClient();
    forged.cookies.set('gw_admin_session', signSessionId('not-the-secret', 'admin-session', newSessionId()));
    expect((await forged.get('/v1/admin/transactions')).location).toMatch(/^\/v1\/admin\/login/);

    // A correctly signed session whose time is up (TTL deletion is lazy: the item may still be there).
    const expiredId = newSessionId();
    const past = Math.floor(Date.now() / 1000) - 60;
    await new SessionStore(stage.clients.documents, stage.names.gatewayTable).save({
      id: expiredId,
      email: userA.email,
      merchantId: shopA.id,
      merchantName: 'A',
      createdAt: new Date((past - 28_800) * 1000).toISOString(),
      expiresAt: past,
    });
    const expired = new AdminClient();
    expired.cookies.set('gw_admin_session', signSessionId(LOCAL_DEV_WEB_SECRET, 'admin-session', expiredId));
    const reply = await expired.get('/v1/admin/transactions');
    expect(reply.status).toBe(303);
    expect(reply.location).toMatch(/^\/v1\/admin\/login/);
    expect(expired.cookies.has('gw_admin_session')).toBe(false);
  });

  it('logging out ends the session on the server: the old cookie no longer opens anything', async () => {
    const client = new AdminClient();
    await client.logIn(userA.email, userA.password);
    const cookie = client.cookies.get('gw_admin_session')!;
    // The table keys the session by the id's SHA-256: the id itself is stored nowhere.
    const key = { PK: `ADMINSESSION#${createHash('sha256').update(cookie.split('.')[0]!).digest('hex')}`, SK: 'ADMINSESSION' };
    const stored = await stage.clients.documents.send(new GetCommand({ TableName: stage.names.gatewayTable, Key: key }));
    expect(stored.Item).toMatchObject({ email: userA.email, merchantId: shopA.id });
    expect(JSON.stringify(stored.Item)).not.toContain(cookie.split('.')[0]!);
    const overview = await client.get('/v1/admin');
    const out = await client.post('/v1/admin/logout', { _csrf: csrfOf(overview.text) });
    expect(out.status).toBe(303);
    const gone = await stage.clients.documents.send(new GetCommand({ TableName: stage.names.gatewayTable, Key: key }));
    expect(gone.Item).toBeUndefined();
    const replay = new AdminClient();
    replay.cookies.set('gw_admin_session', cookie);
    expect((await replay.get('/v1/admin')).status).toBe(303);
  });
});

describe('each merchant sees only its own transactions', () => {
  it('merchant B cannot open, find, capture or export merchant A’s transaction by URL', async () => {
    const client = new AdminClient();
    await client.logIn(userB.email, userB.password);
    const details = await client.get(`/v1/admin/transactions/${txA}`);
    expect(details.status).toBe(404);
    expect(details.text).not.toContain(shopA.id);
    expect((await client.get(`/v1/admin/transactions/${txA}/capture`)).status).toBe(404);
    const list = await client.get('/v1/admin/transactions');
    const post = await client.post(`/v1/admin/transactions/${txA}/capture`, { _csrf: csrfOf(list.text) });
    expect(post.status).toBe(404);
    expect(await statusOf(txA)).toBe('aguardando_pagamento');
    const search = await client.get(`/v1/admin/transactions?id=${txA}`);
    expect(search.text).toContain('No transactions match this search.');
    const csv = await client.get(`/v1/admin/transactions.csv?id=${txA}`);
    expect(csv.text.trim().split('\r\n')).toHaveLength(1);
  });

  it('merchant A sees it and its history', async () => {
    const client = new AdminClient();
    await client.logIn(userA.email, userA.password);
    const details = await client.get(`/v1/admin/transactions/${txA}`);
    expect(details.status).toBe(200);
    expect(details.text).toContain('424242******4242');
    expect(details.text).not.toContain('4242424242424242');
  });
});

describe('CSRF', () => {
  it('a form without its token, or with another session’s token, is refused with 403 and changes nothing', async () => {
    const a = new AdminClient();
    await a.logIn(userA.email, userA.password);
    expect((await a.post(`/v1/admin/transactions/${txA}/capture`, {})).status).toBe(403);
    const b = new AdminClient();
    await b.logIn(userB.email, userB.password);
    const tokenOfB = csrfOf((await b.get('/v1/admin')).text);
    expect((await a.post(`/v1/admin/transactions/${txA}/capture`, { _csrf: tokenOfB })).status).toBe(403);
    expect(await statusOf(txA)).toBe('aguardando_pagamento');
    // The login form too.
    const fresh = new AdminClient();
    await fresh.get('/v1/admin/login');
    expect((await fresh.post('/v1/admin/login', { email: userA.email, password: userA.password })).status).toBe(403);
  });
});

describe('login rate limit', () => {
  it('after 5 failures from one address an account is paused there, with a clear message, even with the right password; not elsewhere', async () => {
    const shop = await newMerchant();
    const user = await newAdminUser(shop.id);
    // Addresses of their own (the stack sees each loopback address as another client): no other test's failures count.
    const attacker = '127.0.0.11';
    for (let i = 0; i < 5; i++) expect((await new AdminClient(attacker).logIn(user.email, `wrong-${i}`)).status).toBe(401);
    const blocked = await new AdminClient(attacker).logIn(user.email, user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(blocked.text).toMatch(
      /Too many failed attempts from your network\. For your security, logging in from here is paused; try again in \d+ minutes\./,
    );
    expect((await new AdminClient().logIn(user.email, user.password)).status).toBe(303);
    // Unknown accounts are limited the same way (no enumeration through the limit either).
    const ghost = `ghost-${Date.now()}@x.test`;
    const prober = '127.0.0.12';
    for (let i = 0; i < 5; i++) await new AdminClient(prober).logIn(ghost, 'x');
    expect((await new AdminClient(prober).logIn(ghost, 'x')).status).toBe(429);
  });
});

describe('secrets stay out of the logs', () => {
  it('no admin password, session id or CSRF token appears in the functions’ logs', async () => {
    const client = new AdminClient();
    await client.logIn(userA.email, userA.password);
    const page = await client.get('/v1/admin/transactions?status=paga');
    const sessionId = client.cookies.get('gw_admin_session')!.split('.')[0]!;
    const logs = readFileSync(logFile, 'utf8');
    expect(logs).toContain('/v1/admin/transactions');
    for (const secret of [userA.password, userB.password, sessionId, csrfOf(page.text)]) {
      expect(logs.includes(secret), 'a secret reached the logs').toBe(false);
    }
  });
});
