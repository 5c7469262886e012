import type { BoletoOccurrence } from '../../domain/boleto-moves';
import { type Transaction, toApiView } from '../../domain/transaction';
import { transition } from '../../domain/transition';
import { GatewayError } from '../../errors';
import type { TransactionStore } from '../../transactions/ports';

/** Conditional writes one occurrence may lose to other moves of the same boleto before giving up. */
const MAX_ATTEMPTS = 5;

/**
 * One occurrence of a registered boleto that is not read from a retorno (the sandbox's liquidação, a baixa asked by
 * `estornar`, a Pix of a híbrido), through transition() and the store's conditional write, retried on what is stored
 * when it lost a race. An occurrence with a `key` already applied (a parallel copy won) changes nothing.
 */
export async function applyBoletoOccurrence(
  deps: { store: Pick<TransactionStore, 'apply'>; now: () => Date },
  transaction: Transaction,
  occurrence: BoletoOccurrence,
  by: string,
): Promise<Transaction> {
  let current: Transaction | undefined = transaction;
  for (let attempt = 0; attempt < MAX_ATTEMPTS && current; attempt++) {
    if (occurrence.key && current.boleto?.occurrences.includes(occurrence.key)) return current;
    const result = await deps.store.apply(transition(current, { type: 'boleto', occurrence, at: deps.now().toISOString(), by }));
    if (result.moved) return result.transaction;
    current = result.current;
  }
  if (!current) throw new GatewayError('not_found');
  throw new GatewayError('transition_not_allowed', 'O boleto mudou durante a operação; tente de novo', toApiView(current));
}
