import type { Status } from '../../domain/state-machine';

const BRL = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** R$ 1.234,56: how a Brazilian merchant reads an amount. */
export function money(cents: number): string {
  return BRL.format(cents / 100).replace(/\u00a0/g, ' ');
}

/** 2026-11-21 14:03 UTC: one unambiguous zone on every page (the audit log and the API use UTC too). */
export function dateTime(iso: string, seconds = false): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, seconds ? 19 : 16)} UTC`;
}

export const STATUS_LABELS: Record<Status, string> = {
  aguardando_pagamento: 'Awaiting payment',
  paga: 'Paid',
  negada: 'Denied',
  cancelada: 'Refunded',
};

export const METHOD_LABELS: Record<string, string> = {
  acquirerB_ws: 'acquirerB (card data)',
  acquirerA: 'acquirerA',
  acquirerB_web: 'acquirerB (hosted page)',
  bankA_shopline: 'bankA Shopline',
  boleto_bankA: 'Boleto bankA',
  boleto_bankB: 'Boleto bankB',
  pix: 'Pix',
};
