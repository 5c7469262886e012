import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parsePix } from 'pix-utils';
import { computeCRC } from 'pix-utils/dist/main/crc';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectedMerchant, ITAU_SECRET } from '../support/boleto-bank';
import { ARTIFACTS, launchChromium, screenshot } from '../support/browser';
import { boletoBody, call } from '../support/gateway';
import { readQrCodes } from '../support/qr-readback';

const run = promisify(execFile);

/** Every Interleaved 2 of 5 code zbarimg (an independent reader) finds in an image. */
async function readItf(imagePath: string): Promise<string[]> {
  const { stdout } = await run('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Si25.enable', imagePath]);
  return stdout.split('\n').filter((line) => line !== '');
}

let browser: Browser;
let merchant: { id: string; token: string };

beforeAll(async () => {
  [browser, merchant] = await Promise.all([
    launchChromium(),
    connectedMerchant({ ...ITAU_SECRET, pixKey: 'pix@loja.test', cidade: 'Rio de Janeiro' }),
  ]);
}, 60_000);

afterAll(() => browser?.close());

describe('the boleto híbrido’s slip in Chromium', () => {
  it('has an ITF barcode zbarimg reads as the 44 digits and a QR code it reads as exactly detalhes.br_code, on one A4 page', async () => {
    const body = boletoBody(merchant.token, 'boleto_bankA', '31122030');
    const created = await call('POST', '/v1/transacao', {
      ...body,
      transacao: { ...body.transacao, pagamento: { ...body.transacao.pagamento, multa: '2.00', juros: '1.00', dias_baixa: 30 } },
    });
    expect(created.status).toBe(201);
    const { codigo_barras: barcode, br_code: brCode } = created.body.transacao.detalhes;
    expect(parsePix(brCode)).toMatchObject({ type: 'DYNAMIC' });
    expect(computeCRC(brCode.slice(0, -4))).toBe(brCode.slice(-4));

    // A scanner's view: the page at three device pixels per CSS pixel (an ITF module is about 0.25 mm).
    const page = await browser.newPage({ viewport: { width: 1000, height: 1400 }, deviceScaleFactor: 3 });
    await page.goto(created.body.transacao.url_acesso);
    mkdirSync(ARTIFACTS, { recursive: true });
    const barcodeShot = join(ARTIFACTS, 'boleto-hybrid-barcode.png');
    await page.locator('.barcode img').screenshot({ path: barcodeShot });
    expect(await readItf(barcodeShot)).toEqual([barcode]);
    const qrShot = join(ARTIFACTS, 'boleto-hybrid-qr.png');
    await page.getByTestId('pix-qr').locator('svg').screenshot({ path: qrShot });
    expect(await readQrCodes(qrShot)).toEqual([brCode]);
    await screenshot(page, 'boleto-hybrid');
    expect(await readQrCodes(join(ARTIFACTS, 'boleto-hybrid.png'))).toEqual([brCode]);
    expect(await readItf(join(ARTIFACTS, 'boleto-hybrid.png'))).toEqual([barcode]);
    await expect(page.getByText('ainda não registrado no banco').isVisible()).resolves.toBe(true);

    const pdf = await page.pdf({ format: 'A4' });
    writeFileSync(join(ARTIFACTS, 'boleto-hybrid.pdf'), pdf);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)).toHaveLength(1);
    await page.close();
  });
});
