import type { Refund, RefundStatus } from '../domain/refund';
import type { Transaction } from '../domain/transaction';

/**
 * Who gives a refund's money back: the card acquirer for card and redirect flows, the Pix provider (a devolução) for Pix.
 * It answers the refund's status: `concluido` at once, `em_processamento` when the answer comes later (a PSP's
 * devolução), `nao_realizado` when refused; `reference` is its own id of the refund, when it has one.
 */
export interface RefundChannel {
  refund(input: { transaction: Transaction; refund: Refund }): Promise<{ status: RefundStatus; reference?: string }>;
}
