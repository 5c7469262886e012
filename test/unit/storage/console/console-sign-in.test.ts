import { describe, expect, it } from 'vitest';
import { DEFAULT_SIGN_IN_LIMITS } from '../../../../lib/http/web';
import type { ConsoleAuditEntry } from '../../../../lib/storage/console/audit/console-audit';
import { actorOf } from '../../../../lib/storage/console/console-actor';
import type { ConsoleDependencies } from '../../../../lib/storage/console/console-dependencies';
import type { ConsoleSession } from '../../../../lib/storage/console/sessions/console-session';
import { signIn, signOut } from '../../../../lib/storage/console/sign-in/console-sign-in';
import type { StorageUser } from '../../../../lib/storage/model/storage-user';

const user: StorageUser = {
  id: 'ann',
  displayName: 'Ann',
  email: 'ann@x.test',
  accessKey: 'AKANN',
  createdAt: '2031-01-01T00:00:00Z',
};
const SECRET = 'ann-secret-key/0123456789+abcdefghijklmnopq';
const { perIdentityAndAddress: KEY_AND_ADDRESS_FAILURE_LIMIT, perAddress: ADDRESS_FAILURE_LIMIT } = DEFAULT_SIGN_IN_LIMITS;

/** The console's ports in memory: one user, attempts per (key, address) and per address (one window), sessions and audit in arrays. */
function fakes(now = new Date('2031-02-03T10:00:00Z')) {
  const keys = new Map([[user.accessKey, { user, secretKey: SECRET }]]);
  const failures = new Map<string, number>();
  const sessions = new Map<string, ConsoleSession>();
  const audit: { userId?: string; entry: ConsoleAuditEntry }[] = [];
  const deps = {
    storage: undefined as never,
    keys: { resolveAccessKey: async (accessKey: string) => keys.get(accessKey) },
    sessions: {
      save: async (session: ConsoleSession) => void sessions.set(session.id, session),
      find: async (id: string) => sessions.get(id),
      delete: async (id: string) => void sessions.delete(id),
    },
    throttle: {
      reserve: async (identity: string, address: string) => {
        const counters: [string, number][] = [
          [`${identity}|${address}`, KEY_AND_ADDRESS_FAILURE_LIMIT],
          [address, ADDRESS_FAILURE_LIMIT],
        ];
        if (counters.some(([name, limit]) => (failures.get(name) ?? 0) >= limit)) return 300;
        for (const [name] of counters) failures.set(name, (failures.get(name) ?? 0) + 1);
        return undefined;
      },
      release: async (identity: string, address: string) => {
        for (const name of [`${identity}|${address}`, address]) failures.set(name, (failures.get(name) ?? 1) - 1);
      },
    },
    audit: { record: async (userId: string | undefined, entry: ConsoleAuditEntry) => void audit.push({ userId, entry }) },
    now: () => now,
    webSecret: async () => 'unit-test-web-secret',
    storageWebsiteHost: 's3-website.localhost',
  } satisfies ConsoleDependencies;
  return { deps, keys, sessions, audit };
}

const here = { ip: '198.51.100.7', userAgent: 'test' };

describe('console sign-in', () => {
  it('opens a session for the right secret; the session holds who, never the secret; audited', async () => {
    const { deps, sessions, audit } = fakes();
    const result = await signIn(deps, { accessKey: ` ${user.accessKey} `, secretKey: SECRET, origin: here });
    expect(result.ok).toBe(true);
    const [session] = [...sessions.values()];
    expect(session).toMatchObject({ userId: 'ann', displayName: 'Ann', accessKey: 'AKANN' });
    expect(session!.expiresAt).toBe(Date.parse('2031-02-03T18:00:00Z') / 1000);
    expect(JSON.stringify([session, audit])).not.toContain(SECRET);
    expect(audit).toEqual([
      { userId: 'ann', entry: expect.objectContaining({ action: 'sign_in', actor: 'AKANN', ip: here.ip }) },
    ]);
  });

  it('refuses a wrong secret and an unknown key alike; unknown keys are audited unattributed', async () => {
    const { deps, audit } = fakes();
    expect(await signIn(deps, { accessKey: 'AKANN', secretKey: 'wrong', origin: here })).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(await signIn(deps, { accessKey: 'AKNOBODY', secretKey: SECRET, origin: here })).toEqual({
      ok: false,
      reason: 'invalid',
    });
    expect(audit.map(({ userId, entry }) => [userId, entry.action])).toEqual([
      ['ann', 'sign_in_failed'],
      [undefined, 'sign_in_failed'],
    ]);
    expect(JSON.stringify(audit)).not.toContain(SECRET);
  });

  it(`pauses a key from one address after ${KEY_AND_ADDRESS_FAILURE_LIMIT} failures (even with the right secret), not from another address`, async () => {
    const { deps, audit } = fakes();
    for (let i = 0; i < KEY_AND_ADDRESS_FAILURE_LIMIT; i++)
      await signIn(deps, { accessKey: 'AKANN', secretKey: `guess-${i}`, origin: here });
    const paused = await signIn(deps, { accessKey: 'AKANN', secretKey: SECRET, origin: here });
    expect(paused).toEqual({ ok: false, reason: 'throttled', retryAfterSeconds: 300 });
    expect(audit.at(-1)?.entry.action).toBe('sign_in_throttled');
    const elsewhere = await signIn(deps, {
      accessKey: 'AKANN',
      secretKey: SECRET,
      origin: { ip: '203.0.113.1', userAgent: 't' },
    });
    expect(elsewhere.ok).toBe(true);
  });

  it(`pauses an address after ${ADDRESS_FAILURE_LIMIT} failures on any keys`, async () => {
    const { deps } = fakes();
    for (let i = 0; i < ADDRESS_FAILURE_LIMIT; i++)
      await signIn(deps, { accessKey: `AKSPRAY${i}`, secretKey: 'x', origin: here });
    expect(await signIn(deps, { accessKey: 'AKANN', secretKey: SECRET, origin: here })).toMatchObject({ reason: 'throttled' });
  });

  it('ends with sign-out (session deleted, audited) and with the access key’s revocation', async () => {
    const { deps, keys, sessions, audit } = fakes();
    const result = await signIn(deps, { accessKey: 'AKANN', secretKey: SECRET, origin: here });
    if (!result.ok) throw new Error('sign-in failed');
    const actor = await actorOf(deps, result.session, here);
    // The principal exists only with the API call it makes, judged from this browser's address.
    expect(actor?.as({ query: [['acl', '']] })).toMatchObject({
      kind: 'user',
      user,
      facts: { sourceIp: here.ip, query: [['acl', '']] },
    });
    expect(actor?.credentials).toEqual({ accessKey: 'AKANN', secretKey: SECRET });
    await signOut(deps, actor!);
    keys.delete('AKANN');
    expect(await actorOf(deps, result.session, here)).toBeUndefined();
    expect(sessions.size).toBe(0);
    expect(audit.at(-1)?.entry.action).toBe('sign_out');
  });
});
