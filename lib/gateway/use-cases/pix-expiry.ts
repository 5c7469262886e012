import { isPixChargeOverdue } from '../domain/pix-charge';
import type { Transaction } from '../domain/transaction';
import { transition } from '../domain/transition';
import { pixExpiryMinute } from '../table/gateway-table';
import type { PixExpiryMarker, PixExpiryStore } from '../transactions/ports';
import type { GatewayDependencies } from './dependencies';

/**
 * A Pix charge still awaiting payment past its expiry is negada (DESIGN §7.5): applied by the expiry pass, and by any
 * read that finds it first (consult, payment), so nobody ever sees an overdue charge as payable. Conditional like every
 * move: when another writer got there first, the transaction as it now is.
 */
export async function expireIfOverdue(
  deps: Pick<GatewayDependencies, 'store' | 'now'>,
  transaction: Transaction,
  at: Date = deps.now(),
): Promise<Transaction> {
  const charge = transaction.pix;
  if (!charge || transaction.status !== 'aguardando_pagamento' || !isPixChargeOverdue(charge, at)) return transaction;
  const moved = await deps.store.apply(
    transition(transaction, { type: 'pix_expire', at: deps.now().toISOString(), by: 'expiry' }),
  );
  return moved.moved ? moved.transaction : (moved.current ?? transaction);
}

/** What the expiry pass needs: the transactions, the markers, and a clock. */
export interface PixExpiryDependencies extends Pick<GatewayDependencies, 'store' | 'now'> {
  expiry: PixExpiryStore;
}

export interface PixExpiryRun {
  /** Minutes whose markers were read. */
  minutes: number;
  expired: number;
}

/** Before its first pass a stage looks back this far (consults expire older charges on read in any case). */
const FIRST_LOOK_BACK_MINUTES = 60;
/** A pass catches up at most this many minutes (10 queries each); the next pass goes on from there. */
const MAX_MINUTES_PER_PASS = 120;
const MINUTE_MS = 60_000;

/**
 * Expires every Pix charge whose expiry has passed, without any request (DESIGN §7.5: negada within 60 s of
 * expira_em, its `transacao.negada` event with it). Reads the markers of each minute since the checkpoint up to now,
 * every shard of a minute at once (one Query each), moves each transaction with the same conditional write as any
 * other move, and removes the marker in that write. The current minute is read on every pass (its later markers are
 * not due yet); the minutes before it are done once the pass has handled them, and the checkpoint moves past them.
 * Overlapping passes are harmless: a charge moves once, the checkpoint only forward.
 */
export async function expirePixCharges(deps: PixExpiryDependencies): Promise<PixExpiryRun> {
  const now = deps.now();
  const current = Math.floor(now.getTime() / MINUTE_MS);
  const checkpoint = await deps.expiry.checkpoint();
  const done = checkpoint === undefined ? current - FIRST_LOOK_BACK_MINUTES - 1 : minuteNumber(checkpoint);
  const first = Math.max(Math.min(done + 1, current), current - MAX_MINUTES_PER_PASS);
  const last = Math.min(current, first + MAX_MINUTES_PER_PASS - 1);
  let expired = 0;
  for (let minute = first; minute <= last; minute++) {
    const shards = Array.from({ length: deps.expiry.shards }, (_, shard) =>
      deps.expiry.due(minuteName(minute), shard, now.toISOString()),
    );
    for (const markers of await Promise.all(shards)) {
      for (const marker of markers) if (await expireMarked(deps, marker, now)) expired++;
    }
  }
  if (last - 1 > done) await deps.expiry.advance(minuteName(last - 1));
  return { minutes: last - first + 1, expired };
}

async function expireMarked(deps: PixExpiryDependencies, marker: PixExpiryMarker, now: Date): Promise<boolean> {
  const transaction = await deps.store.getOfMerchant(marker.merchantId, marker.transactionId);
  if (transaction?.status !== 'aguardando_pagamento') {
    await deps.expiry.remove(marker);
    return false;
  }
  return (await expireIfOverdue(deps, transaction, now)).status === 'negada';
}

/** `yyyyMMddHHmm` (UTC) of a minute counted from the epoch, and back. */
function minuteName(minute: number): string {
  return pixExpiryMinute(new Date(minute * MINUTE_MS).toISOString());
}

function minuteNumber(name: string): number {
  const [, year, month, day, hour, minute] = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(name) ?? [];
  return Math.floor(Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour), Number(minute)) / MINUTE_MS);
}

/** Expiry passes every `everyMs` for `forMs` (one scheduled invocation). */
export async function runPixExpiryLoop(
  deps: PixExpiryDependencies,
  options: { forMs: number; everyMs: number },
): Promise<PixExpiryRun> {
  const totals: PixExpiryRun = { minutes: 0, expired: 0 };
  const until = Date.now() + options.forMs;
  for (;;) {
    const run = await expirePixCharges(deps);
    totals.minutes += run.minutes;
    totals.expired += run.expired;
    if (Date.now() + options.everyMs >= until) return totals;
    await new Promise((resolve) => setTimeout(resolve, options.everyMs));
  }
}
