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

/** Charges of a híbrido (multa, juros, desconto, baixa after 15 days) on a boletoWith() request. */
export const HYBRID_CHARGES = {
  multa: '2.00',
  juros: '1.00',
  desconto: { valor: '5.00', data_limite: '20122030' },
  dias_baixa: 15,
};

/** The `cobv` terms those charges make for boletoBody()'s payer and due date (the location's payload, a PSP's cobv). */
export const HYBRID_COBV_TERMS = {
  calendario: { dataDeVencimento: '2030-12-31', validadeAposVencimento: 15 },
  devedor: { cpf: '12345678909', nome: 'João Souza' },
  valor: {
    original: '150.00',
    multa: { modalidade: 2, valorPerc: '2.00' },
    juros: { modalidade: 3, valorPerc: '1.00' },
    desconto: { modalidade: 1, descontoDataFixa: [{ data: '2030-12-20', valorPerc: '5.00' }] },
  },
};
