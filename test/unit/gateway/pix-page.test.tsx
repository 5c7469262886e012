import { render } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../lib/gateway/domain/transaction';
import { PixPage, type PixPageProps } from '../../../lib/gateway/pages/pix/pix-page';
import { brasiliaDateTime, pixPageState, secondsLeft } from '../../../lib/gateway/pages/pix/pix-page-state';
import { QrCodeSvg, QUIET_ZONE, qrMatrix, qrPath } from '../../../lib/gateway/pages/pix/qr-code';
import { encodeDynamicBrCode } from '../../../lib/gateway/pix/br-code';
import { UnconfiguredPixProvider } from '../../../lib/gateway/pix/provider/unconfigured-pix-provider';
import type { GatewayDependencies } from '../../../lib/gateway/use-cases/dependencies';
import { simulatePixPaymentOnPage } from '../../../lib/gateway/use-cases/pix-page';
import { bitmapPng, readQrCodesOfPng } from '../../support/qr-readback';

const BR_CODE = encodeDynamicBrCode({
  location: 'pix.example.com/v1/pix/loc/AbCdEfGhIjKlMnOpQrStUvWxY',
  merchantName: 'Loja Exemplo São João',
  merchantCity: 'SAO PAULO',
  amount: '1234.56',
});

/** The dark modules an SVG path of qrPath's shape paints, read back from the markup alone. */
function modulesOfSvg(svg: string): { side: number; dark: Set<string> } {
  const side = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const d = /<path d="([^"]*)"/.exec(svg)?.[1] ?? '';
  const dark = new Set<string>();
  for (const [, x, y, run] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    for (let i = 0; i < Number(run); i++) dark.add(`${Number(x) + i},${y}`);
  }
  return { side, dark };
}

describe('the hosted Pix page’s QR code', () => {
  it('is inline SVG whose modules zbarimg reads back as exactly the BR Code', async () => {
    const matrix = await qrMatrix(BR_CODE);
    const svg = render(<QrCodeSvg matrix={matrix} label="QR Code Pix" />);
    expect(svg).toMatch(/^<svg [^>]*role="img"[^>]*aria-label="QR Code Pix"/);
    expect(svg).not.toMatch(/<script|<image|href=/);
    const { side, dark } = modulesOfSvg(svg);
    expect(side).toBe(matrix.size + 2 * QUIET_ZONE);
    // The quiet zone is blank: nothing is painted in the first or last four rows and columns.
    for (const cell of dark) {
      const [x, y] = cell.split(',').map(Number) as [number, number];
      expect(Math.min(x, y)).toBeGreaterThanOrEqual(QUIET_ZONE);
      expect(Math.max(x, y)).toBeLessThan(side - QUIET_ZONE);
    }
    const [read, ...others] = await readQrCodesOfPng(bitmapPng(side, side, (x, y) => dark.has(`${x},${y}`)));
    expect(others).toEqual([]);
    expect(read).toBe(BR_CODE);
  });

  it('paints one rectangle per run of dark modules, nothing for light ones', () => {
    const matrix = { size: 3, dark: (x: number, y: number) => (y === 0 ? x < 2 : y === 2 && x !== 1) };
    const o = QUIET_ZONE;
    expect(qrPath(matrix)).toBe(`M${o} ${o}h2v1h-2zM${o} ${o + 2}h1v1h-1zM${o + 2} ${o + 2}h1v1h-1z`);
  });

  it('grows with the text and refuses nothing a BR Code can hold (up to 512 characters)', async () => {
    expect((await qrMatrix('x'.repeat(512))).size).toBeGreaterThan((await qrMatrix(BR_CODE)).size);
  });
});

const uuid = '0b5e1c9a-3f1e-4a57-9d1e-2f9a1b7c4d10';
const now = new Date('2026-11-27T12:00:00Z');
const charge = { brCode: BR_CODE, expiresAt: '2026-11-27T13:00:00.000Z' };
const QR_CODE = await qrMatrix(BR_CODE);

function pageProps(overrides: Partial<PixPageProps> = {}): PixPageProps {
  const transaction = {
    id: 42,
    merchantId: 'm-1',
    merchantName: 'Loja <script>alert(1)</script>',
    status: 'aguardando_pagamento',
    method: 'pix',
    flow: 'pix',
    orderNumber: '7',
    totalCents: 123456,
    currency: 'real',
    capture: true,
    returnUrl: 'https://loja.example/volta',
    installments: 1,
    operationType: 'pix',
    pageUuid: uuid,
    pix: { ...charge, txid: 'a'.repeat(32), key: 'chave', revision: 0, locationId: 'l'.repeat(25) },
    authorized: false,
    history: [],
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  } satisfies Transaction;
  return {
    transaction,
    uuid,
    charge,
    state: 'awaiting',
    qrCode: QR_CODE,
    secondsLeft: 3600,
    returnUrl: 'https://loja.example/volta?transacao=42',
    scriptNonce: 'bm9uY2U',
    ...overrides,
  };
}

describe('the hosted Pix page’s state', () => {
  it('follows the status, and shows an unpaid charge past its expiry as expired before the expiry pass runs', () => {
    expect(pixPageState('aguardando_pagamento', charge, now)).toBe('awaiting');
    expect(pixPageState('aguardando_pagamento', charge, new Date('2026-11-27T13:00:00Z'))).toBe('expired');
    expect(pixPageState('negada', charge, now)).toBe('expired');
    expect(pixPageState('paga', charge, new Date('2026-11-28T00:00:00Z'))).toBe('paid');
    expect(pixPageState('cancelada', charge, now)).toBe('cancelled');
    expect(secondsLeft(charge, now)).toBe(3600);
    expect(secondsLeft(charge, new Date('2026-11-28T00:00:00Z'))).toBe(0);
    // 13:00 UTC is 10:00 in Brasília (UTC-3, no daylight saving since 2019).
    expect(brasiliaDateTime(charge.expiresAt)).toBe('27/11/2026 às 10:00');
  });
});

describe('the hosted Pix page', () => {
  it('awaiting payment: summary, QR code, copia e cola, expiry, live status, the script by nonce, no simulate button outside the sandbox', () => {
    const html = render(<PixPage {...pageProps()} />);
    expect(html).toContain('Pague R$ 1.234,56 com Pix');
    expect(html).toMatch(/<svg [^>]*role="img"[^>]*aria-label="QR code do Pix de R\$ 1.234,56/);
    expect(html).toContain(`>${BR_CODE}</textarea>`);
    expect(html).toContain('<time datetime="2026-11-27T13:00:00.000Z">27/11/2026 às 10:00</time>');
    expect(html).toContain(`data-status-url="${uuid}/status"`);
    expect(html).toContain('data-return-url="https://loja.example/volta?transacao=42"');
    expect(html).toContain('data-seconds-left="3600"');
    expect(html).toContain('<script src="pix-page.js" nonce="bm9uY2U"></script>');
    expect(html).toMatch(/role="status"[^>]*>Aguardando o pagamento/);
    expect(html).not.toContain('Simular pagamento');
    // Merchant text is escaped, never markup.
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('Loja &lt;script>alert(1)&lt;/script>');
  });

  it('in the sandbox: the simulate form posts to <uuid>/simular with its CSRF token', () => {
    const html = render(<PixPage {...pageProps({ simulateCsrf: 'tok.en.mac' })} />);
    expect(html).toMatch(new RegExp(`<form method="post" action="${uuid}/simular"[^>]*>`));
    expect(html).toContain('<input type="hidden" name="csrf" value="tok.en.mac"/>');
    expect(html).toContain('Simular pagamento (sandbox)');
  });

  it('ended: no QR code, no script, no form; the outcome and the way back to the store', () => {
    for (const [state, title] of [
      ['expired', 'Este Pix expirou'],
      ['paid', 'Pagamento confirmado'],
      ['cancelled', 'Pagamento estornado'],
    ] as const) {
      const html = render(<PixPage {...pageProps({ state, secondsLeft: 0, simulateCsrf: 'x.y.z', note: 'Já pago.' })} />);
      expect(html).toContain(title);
      expect(html).toContain('Já pago.');
      expect(html).not.toMatch(/<svg|<script|<form|<textarea/);
      expect(html).toContain('<a class="button" href="https://loja.example/volta?transacao=42">');
    }
    expect(render(<PixPage {...pageProps({ state: 'expired', returnUrl: undefined })} />)).not.toContain('class="button"');
  });
});

describe('the hosted Pix page’s sandbox button', () => {
  it('is not found in production (a provider without simulation), and nothing is written', async () => {
    const apply = () => {
      throw new Error('no write expected');
    };
    const deps = {
      pixProvider: new UnconfiguredPixProvider(),
      store: { apply },
      now: () => now,
    } as unknown as GatewayDependencies;
    await expect(simulatePixPaymentOnPage(deps, pageProps().transaction)).rejects.toMatchObject({ kind: 'not_found' });
  });
});
