import { CARD_FIELDS } from '../../../schemas/create-transaction.schema';
import { BOLETO_MAX_CENTS, type BoletoCharges } from '../domain/boleto-record';
import { type CardBrand, containsCardNumber, cvvLength, detectBrand, isExpired, passesLuhn } from '../domain/card';
import { isPastDate, parseDueDate } from '../domain/due-date';
import { parseAmount } from '../domain/money';
import { type Flow, flowOf, type PaymentMethod } from '../domain/payment-methods';
import { PIX_DEFAULT_EXPIRY_SECONDS, PIX_MAX_CENTS } from '../domain/pix-charge';
import { isReturnUrl } from '../domain/return-url';
import type { Buyer } from '../domain/transaction';
import { GatewayError } from '../errors';
import type { AcquirerAMode } from '../merchants/merchant';
import { boletoChargesOf, refuseBoletoCharges } from './boleto-charges';
import type { CreateTransactionRequest } from './create-request-validator';

/** A create request that passed every rule, normalised. The card (if any) is only ever held in memory. */
export interface NewTransaction {
  method: PaymentMethod;
  flow: Flow;
  capture: boolean;
  returnUrl?: string;
  orderNumber: string;
  totalCents: number;
  description?: string;
  buyer?: Buyer;
  installments: number;
  operationType: string;
  dueDate?: string;
  /** Boletos only: multa, juros, desconto, baixa automática (absent when none is set). */
  boletoCharges?: BoletoCharges;
  /** Pix only: seconds until the charge expires. */
  pixExpirySeconds?: number;
  card?: { number: string; cvv: string; expiry: string; brand: CardBrand };
}

const invalid = (message: string) => new GatewayError('invalid_request', message);

/**
 * The rules a schema cannot say: which fields each flow needs (acquirerA's flow depends on the
 * merchant), Luhn, brand against number, expiry, instalments against operation type, dates.
 */
export function toNewTransaction(request: CreateTransactionRequest, acquirerAMode: AcquirerAMode, now: Date): NewTransaction {
  const { pedido, pagamento, comprador } = request.transacao;
  const method = pagamento.meio_pagamento as PaymentMethod;
  const flow = flowOf(method, acquirerAMode);
  const totalCents = parseAmount(pedido.total);
  if (totalCents === undefined) throw invalid('transacao.pedido.total: deve ser maior que zero');
  const url = request.transacao.url_retorno;
  if (url !== undefined && !isReturnUrl(url))
    throw new GatewayError('invalid_return_url', 'url_retorno deve ser uma URL http(s) absoluta');
  if (flow === 'redirect' && url === undefined) {
    throw new GatewayError('invalid_return_url', `url_retorno é obrigatória para ${method}`);
  }
  const sentCardFields = CARD_FIELDS.filter((field) => pagamento[field] !== undefined);
  if (flow === 'pix' && totalCents > PIX_MAX_CENTS) throw invalid('transacao.pedido.total: Pix aceita no máximo 9999999999.99');
  if (flow === 'boleto' && totalCents > BOLETO_MAX_CENTS) {
    throw invalid('transacao.pedido.total: boleto aceita no máximo 99999999.99 (o valor do código de barras tem 10 dígitos)');
  }
  if (flow === 'pix') refuseCardTerms(pagamento);
  else if (pagamento.expiracao !== undefined) throw invalid('transacao.pagamento.expiracao: só se aplica a Pix');
  if (flow !== 'card' && sentCardFields.length > 0) {
    throw invalid(
      `transacao.pagamento.${sentCardFields[0]}: dados de cartão não são aceitos em ${method}; o comprador os informa na página`,
    );
  }
  if (flow !== 'boleto' && pagamento.data_vencimento !== undefined) {
    throw invalid(`transacao.pagamento.data_vencimento: só se aplica a boletos`);
  }
  if (flow !== 'boleto') refuseBoletoCharges(pagamento);
  if (flow === 'boleto') {
    for (const field of ['nome', 'documento'] as const) {
      if (!comprador?.[field]) throw invalid(`transacao.comprador.${field}: campo obrigatório para boletos (pagador do título)`);
    }
  }
  refuseCardNumbersInText({
    'transacao.pedido.numero': String(pedido.numero),
    'transacao.pedido.descricao': pedido.descricao,
    'transacao.url_retorno': url,
    ...Object.fromEntries(Object.entries(comprador ?? {}).map(([field, value]) => [`transacao.comprador.${field}`, value])),
  });
  const dueDate = flow === 'boleto' ? dueDateOf(pagamento.data_vencimento, now) : undefined;
  const charges = dueDate ? boletoChargesOf(pagamento, totalCents, dueDate, now) : undefined;
  const operationType = pagamento.tipo_operacao ?? 'credito_a_vista';
  const installments = Number(pagamento.parcelas ?? 1);
  checkInstallments(operationType, installments);
  return {
    method,
    flow,
    capture: request.transacao.capturar === undefined ? true : String(request.transacao.capturar) === 'true',
    returnUrl: url,
    orderNumber: String(pedido.numero),
    totalCents,
    description: pedido.descricao,
    buyer: comprador ? buyerOf(comprador) : undefined,
    installments,
    operationType,
    dueDate,
    ...(charges && Object.keys(charges).length > 0 ? { boletoCharges: charges } : {}),
    pixExpirySeconds: flow === 'pix' ? (pagamento.expiracao ?? PIX_DEFAULT_EXPIRY_SECONDS) : undefined,
    card: flow === 'card' ? validateCard(pagamento, now) : undefined,
  };
}

/** A Pix is paid from the buyer's bank app: card data and card terms (instalments, operation type) are refused. */
function refuseCardTerms(pagamento: CreateTransactionRequest['transacao']['pagamento']): void {
  const sent = [...CARD_FIELDS, 'parcelas', 'tipo_operacao'].find(
    (field) => pagamento[field as keyof typeof pagamento] !== undefined,
  );
  if (sent) throw invalid(`transacao.pagamento.${sent}: não se aplica a Pix (o comprador paga pelo app do banco)`);
}

const BUYER_FIELDS = ['nome', 'documento', 'endereco', 'complemento', 'numero', 'cep', 'bairro', 'cidade', 'estado'] as const;

/** Only the documented buyer fields are kept: whatever else a client sends is neither stored nor echoed. */
function buyerOf(comprador: Record<string, unknown>): Buyer {
  const buyer: Buyer = {};
  for (const field of BUYER_FIELDS) {
    if (typeof comprador[field] === 'string') buyer[field] = comprador[field] as string;
  }
  return buyer;
}

/** A card number typed into a free-text field would be stored and shown: refuse it, as Stripe does. */
function refuseCardNumbersInText(fields: Record<string, unknown>): void {
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value === 'string' && containsCardNumber(value)) {
      throw invalid(`${field}: parece conter um número de cartão, que não pode ser enviado neste campo`);
    }
  }
}

function checkInstallments(operationType: string, installments: number): void {
  const single = operationType === 'credito_a_vista' || operationType === 'debito';
  if (single && installments !== 1) throw invalid(`transacao.pagamento.parcelas: ${operationType} é sempre em 1 parcela`);
  if (!single && installments < 2) throw invalid(`transacao.pagamento.parcelas: ${operationType} exige de 2 a 12 parcelas`);
}

function dueDateOf(ddmmyyyy: string | undefined, now: Date): string {
  if (ddmmyyyy === undefined) throw invalid('transacao.pagamento.data_vencimento: campo obrigatório para boletos');
  const iso = parseDueDate(ddmmyyyy);
  if (!iso) throw invalid('transacao.pagamento.data_vencimento: não é uma data válida (DDMMAAAA)');
  if (isPastDate(iso, now)) throw invalid('transacao.pagamento.data_vencimento: não pode estar no passado');
  return iso;
}

/** Card fields as a merchant (API) or a buyer (hosted page) sends them; `bandeira` may be left to the number. */
export interface CardFields {
  bandeira?: string;
  cartao_numero?: string;
  cartao_cvv?: string;
  cartao_validade?: string;
}

/** Luhn, brand against number, security-code length and expiry; errors name the field, never its value. */
export function validateCard(fields: CardFields, now: Date, requireBrand = true): NonNullable<NewTransaction['card']> {
  for (const field of CARD_FIELDS) {
    if (fields[field] === undefined && (field !== 'bandeira' || requireBrand)) {
      throw invalid(`transacao.pagamento.${field}: campo obrigatório para pagamento com cartão`);
    }
  }
  const number = String(fields.cartao_numero).replace(/[ -]/g, '');
  if (!passesLuhn(number)) throw invalid('transacao.pagamento.cartao_numero: número de cartão inválido');
  const detected = detectBrand(number);
  if (!detected)
    throw invalid('transacao.pagamento.cartao_numero: bandeira não aceita (visa, mastercard, diners, elo, discover)');
  const brand = (fields.bandeira?.trim().toLowerCase() ?? detected) as CardBrand;
  if (detected !== brand) throw invalid('transacao.pagamento.bandeira: não corresponde ao número do cartão');
  const cvv = String(fields.cartao_cvv).trim();
  if (!new RegExp(`^\\d{${cvvLength(brand)}}$`).test(cvv)) {
    throw invalid(`transacao.pagamento.cartao_cvv: ${brand} usa ${cvvLength(brand)} dígitos`);
  }
  const expiry = String(fields.cartao_validade).trim();
  if (!/^(0[1-9]|1[0-2])\d{4}$/.test(expiry)) throw invalid('transacao.pagamento.cartao_validade: use MMAAAA');
  if (isExpired(expiry, now)) throw invalid('transacao.pagamento.cartao_validade: cartão vencido');
  return { number, cvv, expiry, brand };
}
