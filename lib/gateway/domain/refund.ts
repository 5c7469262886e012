import { randomBytes } from 'node:crypto';
import { formatAmount } from './money';

/**
 * A refund (estorno) of part or all of what was captured (DESIGN §7.5). A card refund is `concluido` as soon as the
 * acquirer answers; a Pix devolução through a PSP stays `em_processamento` until the PSP says DEVOLVIDO or NAO_REALIZADO.
 */
export type RefundStatus = 'concluido' | 'em_processamento' | 'nao_realizado';

export interface Refund {
  /** 'est_' + random. */
  id: string;
  cents: number;
  status: RefundStatus;
  createdAt: string;
  /** Who asked for it: the API operation (`refund`) or `admin:<email>`. */
  by: string;
  /** The PSP's devolução id or the acquirer's reference, once the channel answered. */
  reference?: string;
}

export const newRefundId = () => `est_${randomBytes(12).toString('hex')}`;

/** What the refund rules read of a transaction (a Transaction has all of it). */
export interface Refundable {
  status: string;
  totalCents: number;
  capturedCents?: number;
  refunds?: Refund[];
  history: readonly { status: string; at: string; by: string }[];
}

/** A refund that holds its amount: done, or asked and not yet answered. `nao_realizado` gives the amount back. */
export function holdsAmount(refund: Pick<Refund, 'status'>): boolean {
  return refund.status !== 'nao_realizado';
}

/** The amount that was captured: partial capture sets it; a paid transaction without it captured its total. */
export function capturedCentsOf(transaction: Refundable): number | undefined {
  if (transaction.capturedCents !== undefined) return transaction.capturedCents;
  return wasPaid(transaction) ? transaction.totalCents : undefined;
}

/**
 * The refunds of a transaction. One cancelled before refunds were recorded (no list) was refunded in full by the one
 * estornar of that time: it reads as one `concluido` refund of what was captured, dated by its cancellation.
 */
export function refundsOf(transaction: Refundable): Refund[] {
  if (transaction.refunds) return transaction.refunds;
  if (transaction.status !== 'cancelada') return [];
  const cancelled = transaction.history.findLast((change) => change.status === 'cancelada');
  return [
    {
      id: LEGACY_REFUND_ID,
      cents: capturedCentsOf(transaction) ?? transaction.totalCents,
      status: 'concluido',
      createdAt: cancelled?.at ?? '',
      by: cancelled?.by ?? 'refund',
    },
  ];
}

/** The id of the refund a legacy cancelled transaction reads as (never minted for a new refund: those are random). */
export const LEGACY_REFUND_ID = 'est_legado';

/** `valor_estornado` in cents: every refund that holds its amount (concluido or em_processamento). */
export function refundedCents(transaction: Refundable): number {
  return sum(refundsOf(transaction).filter(holdsAmount));
}

/** What may still be refunded: captured minus every refund that holds its amount (0 when nothing was captured). */
export function remainingCents(transaction: Refundable): number {
  return Math.max(0, (capturedCentsOf(transaction) ?? 0) - refundedCents(transaction));
}

/** Refunds done (`concluido`) reach what was captured: the transaction is cancelled. Pending ones do not cancel it. */
export function fullyRefunded(transaction: Refundable): boolean {
  const captured = capturedCentsOf(transaction);
  return captured !== undefined && sum(refundsOf(transaction).filter((refund) => refund.status === 'concluido')) >= captured;
}

/** The API's refund fields: `valor_capturado` once captured, `valor_estornado` and `estornos` always. */
export function refundView(transaction: Refundable): Record<string, unknown> {
  const captured = capturedCentsOf(transaction);
  return {
    ...(captured !== undefined ? { valor_capturado: formatAmount(captured) } : {}),
    valor_estornado: formatAmount(refundedCents(transaction)),
    estornos: refundsOf(transaction).map((refund) => ({
      id: refund.id,
      valor: formatAmount(refund.cents),
      status: refund.status,
      criado_em: refund.createdAt,
    })),
  };
}

function wasPaid(transaction: Refundable): boolean {
  return transaction.status === 'paga' || transaction.status === 'cancelada';
}

function sum(refunds: Refund[]): number {
  return refunds.reduce((total, refund) => total + refund.cents, 0);
}
