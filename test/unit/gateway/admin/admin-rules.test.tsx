import { describe, expect, it } from 'vitest';
import { csvCell, csvRows } from '../../../../lib/gateway/admin/export/transactions-csv';
import { summarise, windowStart } from '../../../../lib/gateway/admin/overview/overview';
import { ADMIN_CSS } from '../../../../lib/gateway/admin/views/admin-styles';
import { money } from '../../../../lib/gateway/admin/views/format';
import { VolumeChart } from '../../../../lib/gateway/admin/views/volume-chart';
import type { Transaction } from '../../../../lib/gateway/domain/transaction';
import { renderDocument } from '../../../../lib/http/web';
import { cookiesSecure, safeNext } from '../../../../lib/http/web/request-origin';
import { newSessionId, signSessionId, verifySessionCookie } from '../../../../lib/http/web/session-token';

describe('session cookies', () => {
  it('verify only when signed with the secret and untouched', () => {
    const id = newSessionId();
    const value = signSessionId('secret-1', 'admin-session', id);
    expect(verifySessionCookie('secret-1', 'admin-session', value)).toBe(id);
    expect(verifySessionCookie('secret-2', 'admin-session', value)).toBeUndefined();
    expect(verifySessionCookie('secret-1', 'admin-session', `${newSessionId()}.${value.split('.')[1]}`)).toBeUndefined();
    expect(verifySessionCookie('secret-1', 'admin-session', `${value}.x`)).toBeUndefined();
    expect(verifySessionCookie('secret-1', 'admin-session', undefined)).toBeUndefined();
  });
});

describe('after-login redirects', () => {
  it.each([
    ['/v1/admin/transactions?status=paga', '/v1/admin/transactions?status=paga'],
    ['/v1/admin', '/v1/admin'],
    ['https://evil.test/v1/admin', undefined],
    ['//evil.test/v1/admin', undefined],
    ['/v1/admin//evil.test', undefined],
    ['/v1/transacao/1', undefined],
    ['/v1/admin/../../bucket/key', undefined],
    ['/v1/admin/./../console/', undefined],
    ['/v1/admin/%2e%2e/%2e%2e/bucket/key', undefined],
    ['/v1/admin/..%2f..%2fbucket', undefined],
    ['/v1/admin/x/../transactions?status=paga', '/v1/admin/transactions?status=paga'],
    ['/v1/administrator', undefined],
    [undefined, undefined],
  ])('%s → %s', (next, expected) => {
    expect(safeNext('/v1/admin', next)).toBe(expected);
  });
});

describe('Secure cookies', () => {
  it.each([
    ['abc.execute-api.us-east-1.amazonaws.com', undefined, true],
    ['pay.example.com', 'https', true],
    ['127.0.0.1:3000', undefined, false],
    ['localhost:3000', undefined, false],
    ['localhost:3000', 'https', true],
    ['localhost.evil.test', undefined, true],
  ])('host %s, forwarded proto %s → Secure %s', (host, proto, secure) => {
    expect(cookiesSecure({ headers: { Host: host, ...(proto ? { 'X-Forwarded-Proto': proto } : {}) } })).toBe(secure);
  });
});

describe('CSV export', () => {
  it('quotes, keeps accents, and defuses spreadsheet formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell(-1)).toBe('-1');
    expect(csvCell(undefined)).toBe('');
    const row = csvRows([
      {
        id: 7,
        createdAt: '2026-11-21T10:00:00.000Z',
        updatedAt: '2026-11-21T10:00:00.000Z',
        status: 'paga',
        method: 'acquirerA',
        orderNumber: '55',
        totalCents: 123456,
        currency: 'real',
        buyer: { nome: 'João', documento: '1' },
        card: { brand: 'visa', first6: '424242', last4: '4242' },
        installments: 1,
      } as Transaction,
    ]);
    expect(row).toBe(
      '7,2026-11-21T10:00:00.000Z,paga,acquirerA,55,1234.56,real,João,1,visa 424242******4242,1,,2026-11-21T10:00:00.000Z,1234.56,0.00\r\n',
    );
  });
});

describe('overview', () => {
  const now = new Date('2026-11-21T15:00:00Z');
  it('covers today and the 29 days before, zero-filled, with totals per status', () => {
    expect(windowStart(now)).toBe('2026-10-23T00:00:00.000Z');
    const overview = summarise(
      [
        { status: 'paga', totalCents: 1000, createdAt: '2026-11-21T01:00:00.000Z' },
        { status: 'paga', totalCents: 500, createdAt: '2026-11-21T02:00:00.000Z' },
        { status: 'negada', totalCents: 300, createdAt: '2026-10-23T00:00:00.000Z' },
        { status: 'paga', totalCents: 999, createdAt: '2026-10-22T23:59:59.999Z' },
      ],
      now,
    );
    expect(overview.days).toHaveLength(30);
    expect(overview.days[0]).toEqual({ day: '2026-10-23', count: 1, cents: 300 });
    expect(overview.days[29]).toEqual({ day: '2026-11-21', count: 2, cents: 1500 });
    expect(overview.byStatus.paga).toEqual({ count: 2, cents: 1500 });
    expect(overview.byStatus.cancelada).toEqual({ count: 0, cents: 0 });
  });

  it('draws one bar per day as SVG with a text alternative for each', () => {
    const overview = summarise([{ status: 'paga', totalCents: 1000, createdAt: '2026-11-21T01:00:00.000Z' }], now);
    const svg = renderDocument(<VolumeChart days={overview.days} />);
    expect(svg.match(/<rect /g)).toHaveLength(30);
    expect(svg).toContain('<title>2026-11-21: R$ 10,00 in 1 transactions</title>');
    expect(money(123456)).toBe('R$ 1.234,56');
  });
});

describe('stylesheet', () => {
  it('survives HTML text escaping unchanged (it is inlined in <style>)', () => {
    expect(ADMIN_CSS).not.toMatch(/[<>&"]/);
    expect(renderDocument(<style>{ADMIN_CSS}</style>)).toContain(ADMIN_CSS);
  });
});
