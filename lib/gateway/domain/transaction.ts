import type { AcquirerReference } from '../acquirers/acquirer';
import type { AcquirerAMode } from '../merchants/merchant';
import { type BoletoCharges, type RegisteredBoleto, registeredBoletoDetalhes } from './boleto-record';
import type { CardSummary } from './card';
import type { Detalhes } from './detalhes';
import { formatAmount } from './money';
import type { Flow, PaymentMethod } from './payment-methods';
import { type PixCharge, pixDetalhes } from './pix-charge';
import { type Refund, refundView } from './refund';
import type { Status } from './state-machine';

export interface Buyer {
  nome?: string;
  documento?: string;
  endereco?: string;
  complemento?: string;
  numero?: string;
  cep?: string;
  bairro?: string;
  cidade?: string;
  estado?: string;
}

export interface StatusChange {
  status: Status;
  at: string;
  /** What caused it: create, capture, refund, buyer (hosted page), admin:<email> later. */
  by: string;
}

/** A transaction as stored. Card data is reduced to a CardSummary before it gets here. */
export interface Transaction {
  id: number;
  merchantId: string;
  /** Copied at creation: the boleto slip and hosted pages show it without another read. */
  merchantName: string;
  status: Status;
  method: PaymentMethod;
  flow: Flow;
  orderNumber: string;
  totalCents: number;
  currency: 'real';
  description?: string;
  capture: boolean;
  returnUrl?: string;
  buyer?: Buyer;
  card?: CardSummary;
  installments: number;
  operationType: string;
  /** ISO date, boletos only. */
  dueDate?: string;
  /** Boletos only: multa, juros, desconto, baixa automática (create's optional fields). */
  boletoCharges?: BoletoCharges;
  /** Boletos of a merchant with a bank connection: its registration at the bank (DESIGN §7.8). */
  boleto?: RegisteredBoleto;
  /** Id of the hosted page or slip, in `url_acesso`. */
  pageUuid?: string;
  accessUrl?: string;
  /** acquirerA redirects only: the merchant's mode at creation decides whether the page asks for authentication. */
  acquirerAMode?: AcquirerAMode;
  /** The acquirer authorized the payment (captured or not). */
  authorized: boolean;
  /**
   * A card authorization was sent to a connected acquirer and neither its answer nor a query came back (503 008): the
   * transaction waits, unpaid, and its next consult asks the acquirer by the order reference (DESIGN §7.7).
   */
  acquirerPending?: boolean;
  acquirerReference?: AcquirerReference;
  detalhes?: Detalhes;
  /** Pix only: the charge (txid, BR Code, expiry, and once paid its end-to-end id). */
  pix?: PixCharge;
  history: StatusChange[];
  /** Set by a partial capture (`capturar` with `valor`); absent: the total, once paid (domain/refund.ts). */
  capturedCents?: number;
  /** Every refund asked for, in order (absent before the first; a legacy cancelada reads as refunded in full). */
  refunds?: Refund[];
  /** Bumped by every move: refund writes are conditional on it (parallel partial refunds never exceed the capture). */
  revision?: number;
  createdAt: string;
  updatedAt: string;
}

/** The API's view of a transaction: `{"transacao": {...}}` with the spec's fields and `erro: null`. */
export function toApiView(transaction: Transaction): Record<string, unknown> {
  const view: Record<string, unknown> = {
    id: transaction.id,
    status: transaction.status,
    meio_pagamento: transaction.method,
    numero_pedido: orderNumberView(transaction.orderNumber),
    total: formatAmount(transaction.totalCents),
    ...refundView(transaction),
  };
  if (transaction.flow !== 'card') view.url_acesso = transaction.accessUrl ?? null;
  if (transaction.pix) view.detalhes = pixDetalhes(transaction.pix);
  else if (transaction.boleto) view.detalhes = registeredBoletoDetalhes(transaction.boleto);
  else if (transaction.flow !== 'boleto' && transaction.detalhes) view.detalhes = inDocumentedOrder(transaction.detalhes);
  view.erro = null;
  return view;
}

/** Order numbers are seen as integers in responses (spec) when they are plain numbers; kept as text otherwise. */
function orderNumberView(orderNumber: string): number | string {
  return /^(0|[1-9]\d{0,14})$/.test(orderNumber) ? Number(orderNumber) : orderNumber;
}

const DETALHES_ORDER = [
  'tid',
  'nsu',
  'pan',
  'arp',
  'lr',
  'numero_sequencial',
  'numero_comprovante_venda',
  'numero_autenticacao',
  'numero_autorizacao',
  'url_comprovante',
  'tipo_pagamento',
  'data_pagamento',
  'tipo_cartao',
  'codigo_retorno',
  'mensagem_retorno',
];

/** Storage does not keep a map's member order: answer with the documented one. */
function inDocumentedOrder(detalhes: Detalhes): Detalhes {
  const rank = (key: string) => (DETALHES_ORDER.includes(key) ? DETALHES_ORDER.indexOf(key) : DETALHES_ORDER.length);
  return Object.fromEntries(Object.entries(detalhes).sort(([a], [b]) => rank(a) - rank(b)));
}
