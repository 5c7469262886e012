import { AcquirerUnavailableError } from '../acquirers/acquirer';
import type { BoletoMethod } from '../boleto/bank-registry';
import { hybridPixOf } from '../boleto/registration/hybrid-pix';
import { registeredBoletoOf } from '../boleto/registration/registered-boleto-of';
import { summariseCard } from '../domain/card';
import { emptyShoplineDetalhes } from '../domain/detalhes';
import { PIX_DEFAULT_EXPIRY_SECONDS } from '../domain/pix-charge';
import { type Transaction, toApiView } from '../domain/transaction';
import { afterAuthorization, opened } from '../domain/transition';
import type { AcquirerAMode } from '../merchants/merchant';
import { assertCreateRequest } from '../validation/create-request-validator';
import { type NewTransaction, toNewTransaction } from '../validation/new-transaction';
import { isPlainObject, withoutUnsentFields } from '../validation/unsent-fields';
import { cardPayment } from './acquirer-outcomes';
import { pendingAuthorizationResult, reconcileIfPending } from './acquirer-reconciliation';
import type { GatewayDependencies, GatewayResult } from './dependencies';
import { idempotencyWrite, replayed, resultOfWinner } from './idempotent-result';
import { openAccess } from './merchant-access';

export interface CreateTransactionInput {
  body: unknown;
  idempotencyKey?: string;
  /** Where this deployment is reached, for `url_acesso` (e.g. https://pay.example.com). */
  baseUrl: string;
}

/** POST /v1/transacao: validates, authorizes card payments with the acquirer, stores, answers 201. */
export async function createTransaction(deps: GatewayDependencies, input: CreateTransactionInput): Promise<GatewayResult> {
  const { token, ...request } = (isPlainObject(input.body) ? input.body : {}) as Record<string, unknown>;
  const access = await openAccess(deps.store, { token, idempotencyKey: input.idempotencyKey, fingerprintOf: request });
  if (access.replay) return replayedOrReconciled(deps, access.merchant.merchantId, access.replay);
  const body = withoutUnsentFields(input.body);
  assertCreateRequest(body);
  const now = deps.now();
  const order = toNewTransaction(body, access.merchant.acquirerAMode, now);
  const { transaction, unknownOutcome } = await draft(deps, order, access.merchant, input.baseUrl, now);

  // An authorization the acquirer left unknown: recorded pending (never paid), answered 503 008 with its id.
  const result: GatewayResult = unknownOutcome
    ? pendingAuthorizationResult(transaction, unknownOutcome.message)
    : { statusCode: 201, body: { transacao: toApiView(transaction) } };
  const created = opened(transaction, transaction.createdAt);
  const stored = await deps.store.insert(created, idempotencyWrite(access.idempotencyScope, request, result));
  if (!stored) return resultOfWinner(deps.store, access.idempotencyScope as string, request);
  return result;
}

/**
 * A retried create (same Idempotency-Key) gets the first answer again; when that was a 503 008 for an authorization
 * left unknown, the transaction is reconciled with the acquirer first (never authorized again: never charged twice),
 * and a decided transaction is answered as a create would have been.
 */
async function replayedOrReconciled(
  deps: GatewayDependencies,
  merchantId: string,
  record: NonNullable<Awaited<ReturnType<typeof openAccess>>['replay']>,
): Promise<GatewayResult> {
  const first = replayed(record);
  const id = first.body.transacao.id;
  if (first.statusCode !== 503 || typeof id !== 'number') return first;
  const current = await deps.store.getOfMerchant(merchantId, id);
  if (!current) return first;
  const reconciled = await reconcileIfPending(deps, current);
  return reconciled.acquirerPending ? first : { statusCode: 201, body: { transacao: toApiView(reconciled) } };
}

async function draft(
  deps: GatewayDependencies,
  order: NewTransaction,
  merchant: { merchantId: string; merchantName: string; acquirerAMode: AcquirerAMode },
  baseUrl: string,
  now: Date,
): Promise<{ transaction: Transaction; unknownOutcome?: AcquirerUnavailableError }> {
  const at = now.toISOString();
  const { card, pixExpirySeconds: _, ...details } = order;
  const transaction: Transaction = {
    ...details,
    id: await deps.store.nextId(),
    merchantId: merchant.merchantId,
    merchantName: merchant.merchantName,
    status: 'aguardando_pagamento',
    currency: 'real',
    authorized: false,
    history: [],
    createdAt: at,
    updatedAt: at,
  };
  if (order.flow === 'card' && card) {
    const summary = summariseCard(card.number, card.brand);
    try {
      const outcome = await deps.acquirer.authorize(cardPayment(transaction, card));
      Object.assign(transaction, afterAuthorization(transaction, outcome, summary));
    } catch (error) {
      if (!(error instanceof AcquirerUnavailableError && error.outcomeUnknown)) throw error;
      Object.assign(transaction, { acquirerPending: true, card: summary });
      return { transaction, unknownOutcome: error };
    }
  } else if (order.flow === 'pix') {
    transaction.pageUuid = deps.newUuid();
    transaction.accessUrl = `${baseUrl}/v1/pix/${transaction.pageUuid}`;
    transaction.pix = await deps.pixProvider.createCharge({
      transactionId: transaction.id,
      merchantId: merchant.merchantId,
      merchantName: merchant.merchantName,
      cents: transaction.totalCents,
      expiresInSeconds: order.pixExpirySeconds ?? PIX_DEFAULT_EXPIRY_SECONDS,
      description: order.description,
      baseUrl,
    });
  } else {
    transaction.pageUuid = deps.newUuid();
    const page = order.flow === 'boleto' ? 'boleto' : order.method;
    transaction.accessUrl = `${baseUrl}/v1/${page}/${transaction.pageUuid}`;
    if (order.method === 'bankA_shopline') transaction.detalhes = emptyShoplineDetalhes();
    if (order.flow === 'boleto' && order.dueDate) {
      const bank = await deps.boletoBanks?.get(merchant.merchantId, order.method as BoletoMethod);
      if (bank) {
        const boleto = { ...transaction, dueDate: order.dueDate };
        // The merchant's PSP first (a cobv there; its failure ends the create, nothing stored), else the bank's pixKey.
        const viaPsp = await deps.dueCharges?.issue({ transaction: boleto, city: bank.cidade ?? 'BRASIL' });
        transaction.boleto = {
          ...registeredBoletoOf(boleto, bank),
          ...(viaPsp ?? hybridPixOf({ ...transaction, baseUrl }, bank)),
        };
      }
    }
    if (order.method === 'acquirerA') transaction.acquirerAMode = merchant.acquirerAMode;
  }
  return { transaction };
}
