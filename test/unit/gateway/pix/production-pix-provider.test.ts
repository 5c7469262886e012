import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../../lib/gateway/domain/transaction';
import { createGatewayDependencies } from '../../../../lib/gateway/gateway-wiring';
import { encodeDynamicBrCode } from '../../../../lib/gateway/pix/br-code';
import { isTxid, mintEndToEndId } from '../../../../lib/gateway/pix/identifiers';
import type { MerchantPspConnection } from '../../../../lib/gateway/pix/merchant-psp';
import {
  devolucaoIdOf,
  ProductionPixProvider,
  pspTxidFor,
  transactionIdOfPspTxid,
} from '../../../../lib/gateway/pix/provider/production-pix-provider';
import { SandboxPixProvider } from '../../../../lib/gateway/pix/provider/sandbox-pix-provider';
import type { PixApiClient } from '../../../../lib/gateway/pix/psp';
import { PixPspError, type PspCob } from '../../../../lib/gateway/pix/psp';
import { createPixGatewayDependencies } from '../../../../lib/gateway/pix-psp-wiring';

const LOCATION = 'psp.example.com/qr/v2/cobv9a8b7c6d5e4f3';
const PIX_COPIA_E_COLA = encodeDynamicBrCode({ location: LOCATION, merchantName: 'Loja', merchantCity: 'SAO PAULO' });

/** A PSP client double: records what the provider asked and answers as the API Pix would. */
function providerWith(answer: Partial<PspCob> = {}, devolucaoStatus: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' = 'EM_PROCESSAMENTO') {
  const asked: unknown[][] = [];
  const client = {
    createCharge: async (txid: string, charge: { expiracao: number; valor: string }) => {
      asked.push(['createCharge', txid, charge]);
      return {
        txid,
        revisao: 0,
        status: 'ATIVA',
        calendario: { criacao: '2026-11-27T12:00:00.000Z', expiracao: charge.expiracao },
        valor: { original: charge.valor },
        chave: 'chave@example.com',
        location: LOCATION,
        pixCopiaECola: PIX_COPIA_E_COLA,
        ...answer,
      } as PspCob;
    },
    requestRefund: async (e2eid: string, id: string, refund: { valor: string }) => {
      asked.push(['requestRefund', e2eid, id, refund]);
      return { id, rtrId: 'D', valor: refund.valor, horario: { solicitacao: '' }, status: devolucaoStatus };
    },
  } as unknown as PixApiClient;
  const connections = {
    connectionOf: async (merchantId: string) => {
      asked.push(['connectionOf', merchantId]);
      return { client, chave: 'chave@example.com' } as MerchantPspConnection;
    },
  };
  return { provider: new ProductionPixProvider(connections), asked };
}

const charging = { transactionId: 4242, merchantId: 'm-shop', cents: 12345, expiresInSeconds: 600, merchantName: 'Loja' };

describe('ProductionPixProvider', () => {
  it('txids carry the transaction id, are valid API Pix txids and unguessable', () => {
    const txid = pspTxidFor(4242);
    expect(txid).toHaveLength(35);
    expect(isTxid(txid)).toBe(true);
    expect(transactionIdOfPspTxid(txid)).toBe(4242);
    expect(pspTxidFor(4242)).not.toBe(txid);
    expect(transactionIdOfPspTxid(pspTxidFor(999_999_999_999_999))).toBe(999_999_999_999_999);
    for (const foreign of ['abcdefghijklmnopqrstuvwxyz0123456', 'gwx12345678901234567890123456', 'gw12xabc', `${txid}0`]) {
      expect(transactionIdOfPspTxid(foreign), foreign).toBeUndefined();
    }
  });

  it('a charge is the PSP cob: its txid, its BR Code (pointing at its location), its key, revision and expiry', async () => {
    const { provider, asked } = providerWith();
    const charge = await provider.createCharge({ ...charging, description: 'x'.repeat(200) });
    expect(asked[0]).toEqual(['connectionOf', 'm-shop']);
    const [, txid, request] = asked[1] as [string, string, Record<string, unknown>];
    expect(transactionIdOfPspTxid(txid)).toBe(4242);
    expect(request).toEqual({ expiracao: 600, valor: '123.45', solicitacaoPagador: 'x'.repeat(140) });
    expect(charge).toEqual({
      txid,
      brCode: PIX_COPIA_E_COLA,
      expiresAt: '2026-11-27T12:10:00.000Z',
      key: 'chave@example.com',
      revision: 0,
      locationId: LOCATION,
    });
  });

  it('a cob without a usable BR Code is a protocol failure, not a charge', async () => {
    for (const pixCopiaECola of [undefined, 'not a br code']) {
      const { provider } = providerWith({ pixCopiaECola } as Partial<PspCob>);
      const error = await provider.createCharge(charging).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(PixPspError);
      expect((error as PixPspError).failure).toBe('protocol');
    }
  });

  it('a refund is a devolução of the Pix under the refund id, its status mapped', async () => {
    const e2eid = mintEndToEndId({ ispb: '12345678', at: new Date() });
    const transaction = { id: 4242, merchantId: 'm-shop', pix: { e2eid } } as unknown as Transaction;
    const refund = { id: 'est_Ab3-x_9', cents: 500, status: 'em_processamento' as const, createdAt: '', by: 'refund' };
    const pending = providerWith();
    expect(await pending.provider.refund({ transaction, refund })).toEqual({ status: 'em_processamento', reference: 'estAb3x9' });
    expect(pending.asked[1]).toEqual(['requestRefund', e2eid, 'estAb3x9', { valor: '5.00' }]);
    expect(devolucaoIdOf(refund)).toBe('estAb3x9');
    const settled = providerWith({}, 'DEVOLVIDO');
    expect((await settled.provider.refund({ transaction, refund })).status).toBe('concluido');
    const unpaid = { ...transaction, pix: {} } as unknown as Transaction;
    await expect(pending.provider.refund({ transaction: unpaid, refund })).rejects.toThrow(/Só um Pix recebido/);
  });

  it('the charging functions get it on production (no simulated payment); the sandbox keeps its simulator', () => {
    const clients = { documents: {} as never, secrets: async () => ({}) as never };
    const config = {
      webSecret: { kind: 'inline', material: 'x' },
      webhookAllowPrivate: false,
      pixSandbox: { key: 'k', city: 'SAO PAULO' },
      pixLocationKey: { kind: 'missing' },
      pixPspSecrets: { kind: 'secretsManager', prefix: 'svc/production/pix-psp/' },
    } as const;
    const production = createPixGatewayDependencies(clients, { gatewayTable: 't' }, { ...config, stage: 'production' });
    expect(production.pixProvider).toBeInstanceOf(ProductionPixProvider);
    expect(production.pixProvider.simulatePayment).toBeUndefined();
    const sandbox = createPixGatewayDependencies(clients, { gatewayTable: 't' }, { ...config, stage: 'sandbox' });
    expect(sandbox.pixProvider).toBeInstanceOf(SandboxPixProvider);
    // Every other gateway function keeps the plain wiring, without the API Pix client (function-bundles.test.ts).
    const plain = createGatewayDependencies(clients, { gatewayTable: 't' }, { ...config, stage: 'production' });
    expect(plain.pixProvider).not.toBeInstanceOf(ProductionPixProvider);
  });
});
