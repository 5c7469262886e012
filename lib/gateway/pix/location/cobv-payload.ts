import { TXID_PATTERN } from '../identifiers/txid';
import type { CobStatus } from './cob-payload';

/** A charge with a due date as the BCB API Pix `cobv` describes it: the Pix of a boleto híbrido. */
export interface DueCharge {
  txid: string;
  revisao: number;
  criacao: string;
  /** ISO date (YYYY-MM-DD). */
  dataDeVencimento: string;
  /** Days after the due date it may still be paid (with its charges). */
  validadeAposVencimento: number;
  status: CobStatus;
  valorOriginal: string;
  chave: string;
  devedor: { documento: string; nome: string };
  /** Percentages with two decimals ("2.00"); desconto a fixed amount until a date. */
  multaPercent?: string;
  jurosMonthlyPercent?: string;
  desconto?: { data: string; valor: string };
}

/** The location payload of the BCB's OpenAPI (`CobVPayload`). */
export interface CobvPayload {
  calendario: { criacao: string; apresentacao: string; dataDeVencimento: string; validadeAposVencimento: number };
  txid: string;
  revisao: number;
  status: CobStatus;
  devedor: ({ cpf: string } | { cnpj: string }) & { nome: string };
  valor: {
    original: string;
    multa?: { modalidade: 2; valorPerc: string };
    juros?: { modalidade: 3; valorPerc: string };
    desconto?: { modalidade: 1; descontoDataFixa: { data: string; valorPerc: string }[] };
  };
  chave: string;
}

/** The payload served at a híbrido's location (cobvTermsOf, with the charge's identity and state). */
export function cobvPayloadOf(charge: DueCharge, presentedAt: Date): CobvPayload {
  if (!TXID_PATTERN.test(charge.txid)) throw new RangeError('txid: 26-35 characters [a-zA-Z0-9]');
  const terms = cobvTermsOf(charge);
  return {
    calendario: { criacao: new Date(charge.criacao).toISOString(), apresentacao: presentedAt.toISOString(), ...terms.calendario },
    txid: charge.txid,
    revisao: charge.revisao,
    status: charge.status,
    devedor: terms.devedor,
    valor: terms.valor,
    chave: charge.chave,
  };
}

/** What a `cobv` says of the charge itself (CobVSolicitada's terms): the location payload's and a PSP request's. */
export interface CobvTerms {
  calendario: Pick<CobvPayload['calendario'], 'dataDeVencimento' | 'validadeAposVencimento'>;
  devedor: CobvPayload['devedor'];
  valor: CobvPayload['valor'];
}

/**
 * Modalities as the BCB's schema numbers them: multa 2 (percentual), juros 3 (percentual ao mês, dias corridos),
 * desconto 1 (valor fixo até a data informada).
 */
export function cobvTermsOf(charge: Omit<DueCharge, 'txid' | 'revisao' | 'criacao' | 'status' | 'chave'>): CobvTerms {
  const documento = charge.devedor.documento.replace(/\D/g, '');
  return {
    calendario: { dataDeVencimento: charge.dataDeVencimento, validadeAposVencimento: charge.validadeAposVencimento },
    devedor: { ...(documento.length === 14 ? { cnpj: documento } : { cpf: documento }), nome: charge.devedor.nome.slice(0, 200) },
    valor: {
      original: charge.valorOriginal,
      ...(charge.multaPercent ? { multa: { modalidade: 2 as const, valorPerc: charge.multaPercent } } : {}),
      ...(charge.jurosMonthlyPercent ? { juros: { modalidade: 3 as const, valorPerc: charge.jurosMonthlyPercent } } : {}),
      ...(charge.desconto
        ? {
            desconto: {
              modalidade: 1 as const,
              descontoDataFixa: [{ data: charge.desconto.data, valorPerc: charge.desconto.valor }],
            },
          }
        : {}),
    },
  };
}
