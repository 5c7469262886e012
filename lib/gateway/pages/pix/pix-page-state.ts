import type { Status } from '../../domain/state-machine';

/** What the hosted Pix page shows: the charge to pay, or how it ended. */
export type PixPageState = 'awaiting' | 'paid' | 'expired' | 'cancelled';

/** The part of a Pix charge the page shows (PixCharge has it). */
export interface PixPageCharge {
  brCode: string;
  /** ISO-8601. */
  expiresAt: string;
}

/**
 * The page's state from the transaction's status and the charge's expiry. An unpaid charge past its expiry is shown
 * expired at once, though the expiry pass may not have made it `negada` yet (it does within a minute): a buyer is never
 * shown a code that can no longer be paid.
 */
export function pixPageState(status: Status, charge: PixPageCharge, now: Date): PixPageState {
  if (status === 'paga') return 'paid';
  if (status === 'cancelada') return 'cancelled';
  if (status === 'negada' || now.getTime() >= Date.parse(charge.expiresAt)) return 'expired';
  return 'awaiting';
}

/** Whole seconds left to pay (0 once expired), for the page's countdown. */
export function secondsLeft(charge: PixPageCharge, now: Date): number {
  return Math.max(0, Math.floor((Date.parse(charge.expiresAt) - now.getTime()) / 1000));
}

const BRASILIA = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** The expiry as a buyer in Brazil reads it: `27/11/2026 às 10:45` (Brasília time). */
export function brasiliaDateTime(iso: string): string {
  const parts = Object.fromEntries(BRASILIA.formatToParts(new Date(iso)).map((part) => [part.type, part.value]));
  return `${parts.day}/${parts.month}/${parts.year} às ${parts.hour}:${parts.minute}`;
}
