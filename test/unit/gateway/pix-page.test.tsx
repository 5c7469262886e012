import { render } from 'preact-render-to-string';
import { describe, expect, it } from 'vitest';
import { QrCodeSvg, QUIET_ZONE, qrMatrix, qrPath } from '../../../lib/gateway/pages/pix/qr-code';
import { encodeDynamicBrCode } from '../../../lib/gateway/pix/br-code';
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
    const svg = render(<QrCodeSvg text={BR_CODE} label="QR Code Pix" />);
    expect(svg).toMatch(/^<svg [^>]*role="img"[^>]*aria-label="QR Code Pix"/);
    expect(svg).not.toMatch(/<script|<image|href=/);
    const { side, dark } = modulesOfSvg(svg);
    const { size } = qrMatrix(BR_CODE);
    expect(side).toBe(size + 2 * QUIET_ZONE);
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

  it('grows with the text and refuses nothing a BR Code can hold (up to 512 characters)', () => {
    expect(qrMatrix('x'.repeat(512)).size).toBeGreaterThan(qrMatrix(BR_CODE).size);
  });
});
