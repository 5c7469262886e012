import { beforeAll, describe, expect, it } from 'vitest';
import { AdminClient, csrfOf, newAdminUser } from '../support/admin/admin-client';
import { newMerchant } from '../support/gateway';
import { newStorageUser } from '../support/storage-clients';

/**
 * After signing in, the browser goes to `next` only when it is a page of the same UI once dot segments are resolved:
 * `/v1/admin/../../<bucket>/<key>` is the storage surface, not the admin UI (issue 23).
 */
const OUTSIDE = ['/v1/admin/../../bucket/key', '/v1/console/../../bucket/key', '/v1/admin/%2e%2e/%2e%2e/bucket/key'];

let merchantId: string;
beforeAll(async () => {
  merchantId = (await newMerchant()).id;
});

describe('the sign-in redirect (next)', () => {
  it.each(OUTSIDE)('admin: next=%s is ignored (the form drops it, the redirect goes to the UI)', async (next) => {
    const user = await newAdminUser(merchantId);
    const browser = new AdminClient();
    const form = await browser.get(`/v1/admin/login?next=${encodeURIComponent(next)}`);
    expect(form.status).toBe(200);
    expect(form.text).not.toContain('bucket/key');
    const reply = await browser.post('/v1/admin/login', { _csrf: csrfOf(form.text), ...user, next });
    expect([reply.status, reply.location]).toEqual([303, '/v1/admin']);
  });

  it('admin: a page of the UI is still where the browser goes back to', async () => {
    const user = await newAdminUser(merchantId);
    const browser = new AdminClient();
    const form = await browser.get('/v1/admin/login');
    const reply = await browser.post('/v1/admin/login', { _csrf: csrfOf(form.text), ...user, next: '/v1/admin/transactions' });
    expect([reply.status, reply.location]).toEqual([303, '/v1/admin/transactions']);
  });

  it.each(OUTSIDE)('console: next=%s is ignored', async (next) => {
    const user = await newStorageUser('next');
    const browser = new AdminClient();
    const form = await browser.get(`/v1/console/sign-in?next=${encodeURIComponent(next)}`);
    expect(form.text).not.toContain('bucket/key');
    const reply = await browser.post('/v1/console/sign-in', {
      _csrf: csrfOf(form.text),
      accessKey: user.accessKey,
      secretKey: user.secretKey,
      next,
    });
    expect([reply.status, reply.location]).toEqual([303, '/v1/console']);
  });
});
