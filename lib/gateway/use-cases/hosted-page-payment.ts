import { AcquirerUnavailableError, type AuthorizationOutcome } from '../acquirers/acquirer';
import { type CardSummary, summariseCard } from '../domain/card';
import { returnUrlFor } from '../domain/return-url';
import { type Transaction, toApiView } from '../domain/transaction';
import { assertAllowed, transition } from '../domain/transition';
import { GatewayError } from '../errors';
import { type CardFields, validateCard } from '../validation/new-transaction';
import { cardPayment } from './acquirer-outcomes';
import type { GatewayDependencies } from './dependencies';

/** The transaction behind a hosted page or slip (`url_acesso`), for the pages to render. */
export async function findByPage(deps: GatewayDependencies, pageUuid: string): Promise<Transaction> {
  const transaction = /^[0-9a-f-]{36}$/i.test(pageUuid) ? await deps.store.findByPageUuid(pageUuid.toLowerCase()) : undefined;
  if (!transaction) throw new GatewayError('not_found', 'Página não encontrada');
  return transaction;
}

/** The data of a boleto slip (the page draws barcode and line from it). */
export async function getBoletoSlip(deps: GatewayDependencies, pageUuid: string): Promise<Transaction> {
  const transaction = await findByPage(deps, pageUuid);
  if (transaction.flow !== 'boleto') throw new GatewayError('not_found', 'Boleto não encontrado');
  return transaction;
}

/**
 * The buyer submits the card on a redirect method's hosted page: authorize (and capture when
 * capturar=true) and move the transaction, once, whatever the number of tabs submitting at once.
 * Returns where to send the buyer: the merchant's url_retorno with `transacao=<id>`.
 */
export async function completeRedirectPayment(
  deps: GatewayDependencies,
  input: { pageUuid: string; card: CardFields; cardType?: BuyerCardType; transaction?: Transaction },
): Promise<{ transaction: Transaction; returnUrl: string }> {
  // The page's controller has loaded the transaction already (the write below is conditional on it being unchanged).
  const found = input.transaction?.pageUuid === input.pageUuid ? input.transaction : await findByPage(deps, input.pageUuid);
  const transaction = input.cardType ? withBuyerCardType(found, input.cardType) : found;
  assertAllowed('authorize', transaction);
  const card = validateCard(input.card, deps.now(), false); // on the page the brand follows from the number
  const summary = summariseCard(card.number, card.brand);
  const payment = { ...cardPayment(transaction, card), mayHaveBeenAttempted: transaction.acquirerPending === true };
  // A connected acquirer charges for real: of several tabs submitting at once, one reserves the transaction (pending)
  // and sends the card; the others get the 409 below without calling the acquirer.
  const connected = (await deps.acquirer.connects?.(payment)) === true;
  const base = connected ? await attempt(deps, found, summary, true) : found;
  let outcome: AuthorizationOutcome;
  try {
    outcome = await deps.acquirer.authorize(payment);
  } catch (error) {
    // Refused before acting (a connection refused): released. Sent and not answered: it stays pending, and its next
    // consult, or the buyer's next try, asks the acquirer by the order reference before anything is authorized again.
    if (connected && !(error instanceof AcquirerUnavailableError && error.outcomeUnknown)) {
      await attempt(deps, base, summary, false).catch(() => undefined);
    }
    throw error;
  }
  const moved = await deps.store.apply(
    transition(base, {
      type: 'authorize',
      outcome,
      card: summary,
      operationType: transaction.operationType,
      at: deps.now().toISOString(),
      by: 'buyer',
    }),
  );
  if (!moved.moved) {
    throw new GatewayError(
      'transition_not_allowed',
      'Esta transação já foi paga',
      moved.current ? toApiView(moved.current) : undefined,
    );
  }
  return { transaction: moved.transaction, returnUrl: returnUrlFor(transaction.returnUrl as string, transaction.id) };
}

/** Marks (or releases) a page's authorization at a connected acquirer; losing the race is the 409 of a second tab. */
async function attempt(
  deps: GatewayDependencies,
  transaction: Transaction,
  card: CardSummary,
  pending: boolean,
): Promise<Transaction> {
  const at = deps.now().toISOString();
  const moved = await deps.store.apply(
    transition(transaction, { type: 'authorization_attempt', card, pending, at, by: 'buyer' }),
  );
  if (moved.moved) return moved.transaction;
  throw new GatewayError(
    'transition_not_allowed',
    'Esta transação já foi paga',
    moved.current ? toApiView(moved.current) : undefined,
  );
}

/** On bankA_shopline's page the buyer chooses credit or debit (one instalment only: debit has no instalments). */
export type BuyerCardType = 'credito' | 'debito';

function withBuyerCardType(transaction: Transaction, cardType: BuyerCardType): Transaction {
  if (transaction.method !== 'bankA_shopline' || transaction.installments !== 1) return transaction;
  return { ...transaction, operationType: cardType === 'debito' ? 'debito' : 'credito_a_vista' };
}
