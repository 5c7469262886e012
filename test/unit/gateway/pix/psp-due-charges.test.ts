import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../../lib/gateway/domain/transaction';
import { parseBrCode } from '../../../../lib/gateway/pix/br-code';
import { PspDueCharges } from '../../../../lib/gateway/pix/merchant-psp/psp-due-charges';
import { PixPspError } from '../../../../lib/gateway/pix/psp';

const LOCATION = 'psp.example/qr/v2/cobv/abc123';
const boleto = {
  id: 42,
  merchantId: 'm-1',
  merchantName: 'Loja Um',
  dueDate: '2030-12-31',
  totalCents: 15_000,
  buyer: { nome: 'João Souza', documento: '123.456.789-09' },
} as Transaction;

/** A PSP connection whose client answers as told, recording what it was asked. */
function connections(hasPsp: boolean, client: Record<string, (...args: any[]) => Promise<unknown>>) {
  const asked: string[] = [];
  return {
    asked,
    port: {
      hasPsp: async () => hasPsp,
      connectionOf: async () => {
        asked.push('connectionOf');
        return { client, chave: 'chave-do-segredo' } as never;
      },
    },
  };
}

const logged: { level: string; message: string; attributes: Record<string, unknown> }[] = [];
const logger = {
  info: (message: string, attributes: Record<string, unknown>) => logged.push({ level: 'info', message, attributes }),
  warn: (message: string, attributes: Record<string, unknown>) => logged.push({ level: 'warn', message, attributes }),
};

describe('boletos híbridos through the merchant PSP (PspDueCharges)', () => {
  it('asks no PSP for a merchant without one (the pixKey híbrido applies)', async () => {
    const { port, asked } = connections(false, {});
    expect(await new PspDueCharges(port, logger).issue({ transaction: boleto, city: 'RIO' })).toBeUndefined();
    expect(asked).toEqual([]);
  });

  it('sends the cobv terms under a gw<id>x txid; without a copia e cola, builds the BR Code for the PSP location', async () => {
    let sent: { txid: string; body: any } | undefined;
    const { port } = connections(true, {
      createDueCharge: async (txid: string, body: unknown) => {
        sent = { txid, body };
        return { txid, chave: 'chave-do-segredo', loc: { location: LOCATION }, valor: { original: '150.00' } };
      },
    });
    const made = await new PspDueCharges(port, logger).issue({ transaction: boleto, city: 'RIO' });
    expect(sent?.txid).toMatch(/^gw42x[a-zA-Z0-9]{30}$/);
    expect(sent?.body).toEqual({
      calendario: { dataDeVencimento: '2030-12-31', validadeAposVencimento: 30 },
      devedor: { cpf: '12345678909', nome: 'João Souza' },
      valor: { original: '150.00' },
    });
    expect(made?.pix).toEqual({ txid: sent?.txid, locationId: LOCATION, key: 'chave-do-segredo', psp: true });
    expect(parseBrCode(made?.brCode as string).dynamic).toEqual({
      location: LOCATION,
      merchantName: 'Loja Um',
      merchantCity: 'RIO',
      amount: '150.00',
    });
  });

  it('withdraws only a PSP cobv, and a PSP that refuses or is down is logged, never thrown', async () => {
    const removed: string[] = [];
    const { port } = connections(true, {
      removeDueCharge: async (txid: string) => {
        removed.push(txid);
        throw new PixPspError('unavailable', 'down');
      },
    });
    const charges = new PspDueCharges(port, logger);
    await charges.withdraw({ ...boleto, boleto: { pix: { txid: 'a'.repeat(30), locationId: 'l', key: 'k' } } } as never);
    expect(removed).toEqual([]);
    await charges.withdraw({
      ...boleto,
      boleto: { pix: { txid: 'b'.repeat(30), locationId: 'l', key: 'k', psp: true } },
    } as never);
    expect(removed).toEqual(['b'.repeat(30)]);
    expect(logged.at(-1)).toMatchObject({ level: 'warn', attributes: { transactionId: 42, failure: 'unavailable' } });
  });
});
