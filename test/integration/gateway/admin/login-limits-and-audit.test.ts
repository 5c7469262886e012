import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminDependencies } from '../../../../lib/gateway/admin/admin-dependencies';
import { AuditLogStore } from '../../../../lib/gateway/admin/audit/audit-log-store';
import { logIn } from '../../../../lib/gateway/admin/login/admin-login';
import { SessionStore } from '../../../../lib/gateway/admin/sessions/session-store';
import { DynamoTransactionStore } from '../../../../lib/gateway/transactions/dynamo-transaction-store';
import { DEFAULT_SIGN_IN_LIMITS, SignInThrottleStore } from '../../../../lib/http/web/sign-in-throttle-store';
import { AdminClient, csrfOf, newAdminUser } from '../../../support/admin/admin-client';
import { call, cardBody, newMerchant } from '../../../support/gateway';
import { testStack } from '../../../support/stack';

const { stage } = testStack();
const { documents } = stage.clients;
const table = stage.names.gatewayTable;

/** The login use case on the emulator, with a clock and an origin the test controls. */
function deps(now: Date): AdminDependencies {
  return {
    merchants: stage.merchants,
    sessions: new SessionStore(documents, table),
    throttle: new SignInThrottleStore(documents, table),
    audit: new AuditLogStore(documents, table),
    transactions: new DynamoTransactionStore(documents, table),
    outbox: undefined as never, // nor resends a webhook
    gateway: undefined as never, // logging in settles nothing
    now: () => now,
  };
}

const { perAddress: IP_FAILURE_LIMIT, perIdentityAndAddress: PAIR_FAILURE_LIMIT } = DEFAULT_SIGN_IN_LIMITS;
const randomIp = () => `198.51.100.${Math.floor(Math.random() * 250)}`;

describe('per-IP login limit', () => {
  it(`after ${IP_FAILURE_LIMIT} failures from one address (any accounts) that address is paused; others are not; the next window starts afresh`, async () => {
    const shop = await newMerchant();
    const user = await newAdminUser(shop.id);
    const now = new Date('2031-03-01T10:00:05Z');
    const ip = randomIp();
    const origin = { ip, userAgent: 'test' };
    for (let i = 0; i < IP_FAILURE_LIMIT; i++) {
      const result = await logIn(deps(now), { email: `spray-${i}@x.test`, password: 'guess', origin });
      expect(result).toEqual({ ok: false, reason: 'invalid' });
    }
    const blocked = await logIn(deps(now), { email: user.email, password: user.password, origin });
    expect(blocked).toMatchObject({ ok: false, reason: 'throttled' });
    if (!blocked.ok && blocked.reason === 'throttled') expect(blocked.retryAfterSeconds).toBe(15 * 60 - 5);
    const elsewhere = await logIn(deps(now), {
      email: user.email,
      password: user.password,
      origin: { ip: '203.0.113.9', userAgent: 't' },
    });
    expect(elsewhere.ok).toBe(true);
    const later = await logIn(deps(new Date(now.getTime() + 15 * 60_000)), {
      email: user.email,
      password: user.password,
      origin,
    });
    expect(later.ok).toBe(true);
  });
});

describe('per-(account, address) login limit', () => {
  it(`pauses an account's guesses from one address after ${PAIR_FAILURE_LIMIT} failures; its owner elsewhere still logs in`, async () => {
    const shop = await newMerchant();
    const user = await newAdminUser(shop.id);
    const now = new Date('2031-03-02T10:00:00Z');
    const attacker = { ip: randomIp(), userAgent: 'attacker' };
    for (let i = 0; i < PAIR_FAILURE_LIMIT; i++) {
      expect(await logIn(deps(now), { email: user.email, password: `guess-${i}`, origin: attacker })).toEqual({
        ok: false,
        reason: 'invalid',
      });
    }
    // Even the right password is refused from the attacker's address for the rest of the window...
    expect(await logIn(deps(now), { email: user.email, password: user.password, origin: attacker })).toMatchObject({
      ok: false,
      reason: 'throttled',
      retryAfterSeconds: 15 * 60,
    });
    // ...while the owner, from anywhere else, is not locked out, and other accounts from that address still try.
    const owner = await logIn(deps(now), {
      email: user.email,
      password: user.password,
      origin: { ip: '203.0.113.7', userAgent: 'u' },
    });
    expect(owner.ok).toBe(true);
    const other = await newAdminUser(shop.id);
    expect((await logIn(deps(now), { email: other.email, password: other.password, origin: attacker })).ok).toBe(true);
  });

  it('counts concurrent guesses atomically: never more than the limit get a password check', async () => {
    const shop = await newMerchant();
    const user = await newAdminUser(shop.id);
    const now = new Date('2031-03-03T10:00:00Z');
    const origin = { ip: randomIp(), userAgent: 'burst' };
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => logIn(deps(now), { email: user.email, password: `burst-${i}`, origin })),
    );
    expect(results.filter((result) => !result.ok && result.reason === 'invalid')).toHaveLength(PAIR_FAILURE_LIMIT);
    expect(results.filter((result) => !result.ok && result.reason === 'throttled')).toHaveLength(12 - PAIR_FAILURE_LIMIT);
  });

  it('does not count successful logins', async () => {
    const shop = await newMerchant();
    const user = await newAdminUser(shop.id);
    const now = new Date('2031-03-04T10:00:00Z');
    const origin = { ip: randomIp(), userAgent: 'owner' };
    for (let i = 0; i < 2 * PAIR_FAILURE_LIMIT; i++) {
      expect((await logIn(deps(now), { email: user.email, password: user.password, origin })).ok).toBe(true);
    }
    for (let i = 0; i < PAIR_FAILURE_LIMIT; i++) {
      expect(await logIn(deps(now), { email: user.email, password: 'typo', origin })).toMatchObject({ reason: 'invalid' });
    }
  });

  it('answers the login page with 429 and Retry-After, and audits the refusal', async () => {
    const shop = await newMerchant();
    const user = await newAdminUser(shop.id);
    const attacker = new AdminClient('127.0.0.13'); // its own address: no other test's failures count
    for (let i = 0; i < PAIR_FAILURE_LIMIT; i++) expect((await attacker.logIn(user.email, `guess-${i}`)).status).toBe(401);
    const refused = await attacker.logIn(user.email, user.password);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(refused.text).toContain('Too many failed attempts');
    expect(refused.headers.get('content-type')).toMatch(/^text\/html/);
    // The owner, from 127.0.0.1, logs in and finds the refusal on the Activity page.
    const owner = new AdminClient();
    expect((await owner.logIn(user.email, user.password)).status).toBe(303);
    const activity = await owner.get('/v1/admin/activity');
    expect(activity.text).toContain('Login refused (too many attempts)');
  });
});

describe('audit log on the Activity page', () => {
  let shop: { id: string; token: string };
  let user: { email: string; password: string };
  beforeAll(async () => {
    shop = await newMerchant();
    user = await newAdminUser(shop.id);
  });

  it('records failed login, login, capture and estorno with who, when, what and from where, for this merchant only', async () => {
    await new AdminClient().logIn(user.email, 'wrong password');
    const client = new AdminClient();
    await client.logIn(user.email, user.password);
    const created = await call('POST', '/v1/transacao', cardBody(shop.token, { transacao: { capturar: 'false' } }));
    const id = created.body.transacao.id;
    const confirm = await client.get(`/v1/admin/transactions/${id}/capture`);
    expect(confirm.text).toContain('Capture this payment?');
    const captured = await client.post(`/v1/admin/transactions/${id}/capture`, { _csrf: csrfOf(confirm.text) });
    expect(captured.location).toBe(`/v1/admin/transactions/${id}?result=paga`);
    const refundPage = await client.get(`/v1/admin/transactions/${id}/refund`);
    await client.post(`/v1/admin/transactions/${id}/refund`, { _csrf: csrfOf(refundPage.text) });
    // The API sees the admin's changes, and the history names who made them.
    const consulted = await call('GET', `/v1/transacao/${id}?token=${shop.token}`);
    expect(consulted.body.transacao.status).toBe('cancelada');
    const details = await client.get(`/v1/admin/transactions/${id}`);
    // The capture and the cancellation in the history, the refund in the refunds list.
    expect(details.text.split(`admin:${user.email}`)).toHaveLength(4);

    const activity = await client.get('/v1/admin/activity');
    const rows = [...activity.text.matchAll(/<tr><td>([^<]+)<\/td><td>([^<]+)<\/td><td>([^<]+)/g)].map((m) => [
      m[2],
      m[3]?.trim(),
    ]);
    expect(rows.slice(0, 4)).toEqual([
      [user.email, 'Refund (estorno)'],
      [user.email, 'Capture'],
      [user.email, 'Logged in'],
      [user.email, 'Failed login'],
    ]);
    expect(activity.text).toContain('127.0.0.1');
    expect(activity.text).toContain('status cancelada');
    // Another merchant's admin sees none of it.
    const other = await newMerchant();
    const otherUser = await newAdminUser(other.id);
    const stranger = new AdminClient();
    await stranger.logIn(otherUser.email, otherUser.password);
    const theirs = await stranger.get('/v1/admin/activity');
    expect(theirs.text).not.toContain(user.email);
  });
});
