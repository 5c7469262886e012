import { describe, expect, it } from 'vitest';
import {
  formBody,
  htmlResponse,
  issueCsrfToken,
  renderDocument,
  requestCookies,
  sessionCookie,
  verifyCsrfToken,
} from '../../../lib/http/web';

const now = new Date('2026-11-21T10:00:00Z');

describe('CSRF tokens', () => {
  it('verify only for the same secret and binding, before expiry, untampered', () => {
    const token = issueCsrfToken('s'.repeat(40), 'page-1', now, 600);
    expect(verifyCsrfToken('s'.repeat(40), 'page-1', token, now)).toBe(true);
    expect(verifyCsrfToken('s'.repeat(40), 'page-2', token, now)).toBe(false);
    expect(verifyCsrfToken('t'.repeat(40), 'page-1', token, now)).toBe(false);
    expect(verifyCsrfToken('s'.repeat(40), 'page-1', token, new Date(now.getTime() + 601_000))).toBe(false);
    expect(verifyCsrfToken('s'.repeat(40), 'page-1', `${token}x`, now)).toBe(false);
    expect(verifyCsrfToken('s'.repeat(40), 'page-1', undefined, now)).toBe(false);
  });
});

describe('HTML pages', () => {
  it('escape every interpolated value', () => {
    const name = '<script>alert(1)</script>';
    const html = renderDocument(
      <html lang="pt-BR">
        <body>
          <p title={name}>{name}</p>
        </body>
      </html>,
    );
    expect(html.startsWith('<!doctype html><html lang="pt-BR">')).toBe(true);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script>alert(1)&lt;/script>');
  });

  it('carry a strict CSP, anti-framing and no-store headers, and cookies as multi-value headers', () => {
    const response = htmlResponse(200, '<p>x</p>', {
      cookies: [sessionCookie('sid', 'v', { maxAgeSeconds: 60, secure: true })],
      formActionOrigins: ['https://shop.test'],
    });
    expect(response.headers?.['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers?.['content-security-policy']).toContain("form-action 'self' https://shop.test");
    expect(response.headers?.['x-frame-options']).toBe('DENY');
    expect(response.multiValueHeaders?.['set-cookie']?.[0]).toMatch(
      /^sid=v; Max-Age=60; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
  });

  it('parse form bodies and cookies', () => {
    expect(formBody({ body: Buffer.from('a=1&b=x+y%26z').toString('base64'), isBase64Encoded: true })).toEqual({
      a: '1',
      b: 'x y&z',
    });
    expect(requestCookies({ headers: { Cookie: 'sid=abc; other=1' }, multiValueHeaders: {} })).toMatchObject({
      sid: 'abc',
      other: '1',
    });
  });
});
