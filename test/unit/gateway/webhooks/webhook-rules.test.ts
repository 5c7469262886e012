import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HttpPushSender } from '../../../../lib/delivery/push-sender';
import { MAX_ATTEMPTS, retryDelaySeconds } from '../../../../lib/delivery/retry-schedule';
import { isForbiddenAddress } from '../../../../lib/delivery/target-policy';
import { GatewayError } from '../../../../lib/gateway/errors';
import { addWebhook } from '../../../../lib/gateway/use-cases/webhook-endpoints';
import { openSecret, sealSecret } from '../../../../lib/gateway/webhooks/secret-box';
import { signatureHeader, verifySignatureHeader } from '../../../../lib/gateway/webhooks/webhook';
import { checkWebhookUrl } from '../../../../lib/gateway/webhooks/webhook-url';

describe('retry schedule (DESIGN §7.2)', () => {
  it('waits base, then 4× the previous each time, 8 attempts in all', () => {
    const delays = Array.from({ length: MAX_ATTEMPTS }, (_, i) => retryDelaySeconds(i + 1, 60));
    expect(delays).toEqual([60, 240, 960, 3840, 15360, 61440, 245760, undefined]);
  });
});

describe('Gateway-Signature', () => {
  it('is t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")> and verifies only the same bytes in time', () => {
    const body = '{"id":"evt_1","tipo":"transacao.paga"}';
    const header = signatureHeader('whsec_x', body, 1_700_000_000);
    expect(header).toBe(`t=1700000000,v1=${createHmac('sha256', 'whsec_x').update(`1700000000.${body}`).digest('hex')}`);
    expect(verifySignatureHeader('whsec_x', body, header, 1_700_000_100)).toBe(true);
    expect(verifySignatureHeader('whsec_x', `${body} `, header, 1_700_000_100)).toBe(false);
    expect(verifySignatureHeader('whsec_y', body, header, 1_700_000_100)).toBe(false);
    expect(verifySignatureHeader('whsec_x', body, header, 1_700_001_000)).toBe(false);
  });
});

describe('sealed secrets', () => {
  it('open with the same server secret only, and never contain the secret', () => {
    const sealed = sealSecret('server', 'whsec_abc');
    expect(sealed).not.toContain('whsec_abc');
    expect(openSecret('server', sealed)).toBe('whsec_abc');
    expect(() => openSecret('other', sealed)).toThrow();
  });
});

describe('SSRF policy', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    'fd00:ec2::254',
  ])('%s is internal', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946', '8.8.8.8'])('%s is public', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });

  it('URLs: https only, no credentials, no internal names or literal addresses, unless private targets are allowed', () => {
    expect(checkWebhookUrl('https://shop.example.com/hook', false)).toMatchObject({ ok: true });
    for (const url of [
      'http://shop.example.com/hook',
      'https://localhost/x',
      'https://127.0.0.1/x',
      'https://2130706433/x',
      'https://[::1]/x',
      'https://169.254.169.254/latest/meta-data',
      'https://metadata.google.internal/',
      'https://user:pw@shop.example.com/',
      'ftp://shop.example.com/',
      'not a url',
      42,
    ]) {
      expect(checkWebhookUrl(url, false).ok, String(url)).toBe(false);
    }
    expect(checkWebhookUrl('http://127.0.0.1:8080/hook', true)).toMatchObject({ ok: true });
    expect(checkWebhookUrl('ftp://127.0.0.1/', true).ok).toBe(false);
  });

  it('delivery refuses a host that resolves to an internal address (after DNS), without connecting', async () => {
    const sender = new HttpPushSender({ allowPrivate: false, resolve: async () => ['93.184.216.34', '10.0.0.5'] });
    const result = await sender.send({ url: 'https://rebind.example.com/hook', body: '{}', headers: {} });
    expect(result.outcome).toBe('refused');
  });

  it('registration refuses a public-looking name that resolves to an internal address', async () => {
    const deps = {
      store: undefined as never,
      webhooks: { list: async () => [], add: async () => undefined } as never,
      serverSecret: async () => 'server',
      webhookAllowPrivate: false,
      resolveHost: async (host: string) => (host === 'ok.example.com' ? ['93.184.216.34'] : ['169.254.169.254']),
      now: () => new Date('2026-01-01T00:00:00Z'),
    };
    await expect(addWebhook(deps, 'm-1', 'https://evil.example.com/x')).rejects.toBeInstanceOf(GatewayError);
    await expect(addWebhook(deps, 'm-1', 'http://ok.example.com/x')).rejects.toBeInstanceOf(GatewayError);
    const added = await addWebhook(deps, 'm-1', 'https://ok.example.com/x');
    expect(added.segredo).toMatch(/^whsec_/);
    expect(added.webhook.sealedSecret).not.toContain(added.segredo);
  });
});
