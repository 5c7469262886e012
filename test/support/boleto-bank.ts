import { BoletoBankRepository, configureBoletoBank } from '../../lib/gateway/boleto/bank-connection';
import { buildRetorno, type RetornoEntry } from './cnab240/retorno-builder';
import { boletoBody, newMerchant } from './gateway';
import { testStack } from './stack';

const { stage } = testStack();

/** A cnab240 connection with Itaú (341), as a merchant's secret holds it. */
export const ITAU_SECRET = {
  provider: 'cnab240',
  bank: '341',
  agencia: '0057',
  conta: '12345-6',
  convenio: '1234567',
  carteira: '109',
  documento: '12.345.678/0001-95',
};

export const boletoBanks = () => new BoletoBankRepository(stage.clients.documents, stage.names.gatewayTable);

/** A fresh merchant whose boleto_bankA is connected with `secret` (checked by the same use case as the CLI's `set`). */
export async function connectedMerchant(secret: object = ITAU_SECRET): Promise<{ id: string; token: string }> {
  const merchant = await newMerchant();
  await configureBoletoBank(
    {
      banks: boletoBanks(),
      merchantExists: async () => true,
      readSecret: async () => JSON.stringify(secret),
      now: () => new Date(),
    },
    { merchantId: merchant.id, method: 'boleto_bankA', secretId: `bank-${merchant.id}` },
  );
  return merchant;
}

/** A liquidação of 150.00 paid on 02/12/2030 for this boleto (the transaction as the API returned it). */
export function liquidacaoEntry(transacao: Record<string, any>): RetornoEntry {
  return {
    code: '06',
    ourNumber: String(transacao.detalhes.nosso_numero).replace(/\D/g, ''),
    documentNumber: String(transacao.id),
    nominalCents: 15_000,
    paidCents: 15_000,
    occurredOn: '02122030',
  };
}

/** Itaú's retorno with that one liquidação. */
export function liquidacaoOf(transacao: Record<string, any>, sequence: number): string {
  return buildRetorno({ bank: '341', convenio: ITAU_SECRET.convenio, sequence, entries: [liquidacaoEntry(transacao)] });
}

/** A boleto_bankA create request of `total` with these `pagamento` terms (multa, juros, desconto, dias_baixa…). */
export function boletoWith(token: string, pagamento: Record<string, unknown> = {}, total = '150.00') {
  const body = boletoBody(token);
  return {
    ...body,
    transacao: {
      ...body.transacao,
      pedido: { ...body.transacao.pedido, total },
      pagamento: { ...body.transacao.pagamento, ...pagamento },
    },
  };
}
