/** A refund of (part of) a paid transaction (DESIGN §7.5 `estornos`). */
export type RefundStatus = 'concluido' | 'em_processamento' | 'nao_realizado';

export interface Refund {
  /** 'est_' + random. */
  id: string;
  cents: number;
  status: RefundStatus;
  createdAt: string;
  by: string;
  /** PSP devolução id / acquirer ref. */
  reference?: string;
}
