import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../../lib/gateway/domain/transaction';
import { parseBrCode } from '../../../../lib/gateway/pix/br-code';
import { isEndToEndId, isTxid } from '../../../../lib/gateway/pix/identifiers';
import { SANDBOX_PAYER_ISPB, SandboxPixProvider } from '../../../../lib/gateway/pix/provider/sandbox-pix-provider';

const NOW = new Date('2026-11-27T10:15:42.123Z');
const provider = new SandboxPixProvider({ key: 'chave@sandbox.test', city: 'São Paulo', now: () => NOW });

describe('the sandbox Pix provider', () => {
  it('issues a charge: txid, BR Code with its location under the base URL (no scheme), expiry, key, revision 0', async () => {
    const charge = await provider.createCharge({
      transactionId: 42,
      merchantId: 'm',
      merchantName: 'Padaria São João',
      cents: 1050,
      expiresInSeconds: 600,
      baseUrl: 'https://pay.example.com/sandbox',
    });
    expect(isTxid(charge.txid)).toBe(true);
    expect(charge).toMatchObject({ expiresAt: '2026-11-27T10:25:42.123Z', key: 'chave@sandbox.test', revision: 0 });
    const code = parseBrCode(charge.brCode);
    expect(code.merchantAccount['25']).toBe(`pay.example.com/sandbox/v1/pix/loc/${charge.locationId}`);
    expect(code.fields).toMatchObject({ '54': '10.50', '59': 'Padaria Sao Joao', '60': 'Sao Paulo' });
    const other = await provider.createCharge({
      transactionId: 43,
      merchantId: 'm',
      merchantName: 'X',
      cents: 1,
      expiresInSeconds: 60,
      baseUrl: 'http://127.0.0.1:3000',
    });
    expect(other.txid).not.toBe(charge.txid);
    expect(other.locationId).not.toBe(charge.locationId);
  });

  it('simulates a payment with an end-to-end id from the transaction id and the minute (deterministic)', async () => {
    const paid = await provider.simulatePayment({ id: 1234567 } as Transaction);
    expect(paid).toEqual({ e2eid: `E${SANDBOX_PAYER_ISPB}202611271015SBX0000qglj`, paidAt: NOW.toISOString() });
    expect(isEndToEndId(paid.e2eid)).toBe(true);
    expect(await provider.simulatePayment({ id: 1234567 } as Transaction)).toEqual(paid);
  });

  it('settles a devolução at once (the Pix refund channel of the sandbox), its reference a return id', async () => {
    const refunded = await provider.refund();
    expect(refunded.status).toBe('concluido');
    expect(isEndToEndId(refunded.reference, 'D')).toBe(true);
  });
});
