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
import { cardPayment } from './acquirer-outcomes';
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
  const { token, ...request } = (isObject(input.body) ? input.body : {}) as Record<string, unknown>;
  const access = await openAccess(deps.store, { token, idempotencyKey: input.idempotencyKey, fingerprintOf: request });
  if (access.replay) return replayed(access.replay);
  assertCreateRequest(input.body);
  const now = deps.now();
  const order = toNewTransaction(input.body, access.merchant.acquirerAMode, now);
  const transaction = await draft(deps, order, access.merchant, input.baseUrl, now);

  const result: GatewayResult = { statusCode: 201, body: { transacao: toApiView(transaction) } };
  const created = opened(transaction, transaction.createdAt);
  const stored = await deps.store.insert(created, idempotencyWrite(access.idempotencyScope, request, result));
  return stored ? result : resultOfWinner(deps.store, access.idempotencyScope as string, request);
}

async function draft(
  deps: GatewayDependencies,
  order: NewTransaction,
  merchant: { merchantId: string; merchantName: string; acquirerAMode: AcquirerAMode },
  baseUrl: string,
  now: Date,
): Promise<Transaction> {
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
    const outcome = await deps.acquirer.authorize(cardPayment(transaction, card));
    Object.assign(transaction, afterAuthorization(transaction, outcome, summariseCard(card.number, card.brand)));
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
        transaction.boleto = {
          ...registeredBoletoOf({ ...transaction, dueDate: order.dueDate }, bank),
          ...hybridPixOf({ ...transaction, baseUrl }, bank),
        };
      }
    }
    if (order.method === 'acquirerA') transaction.acquirerAMode = merchant.acquirerAMode;
  }
  return transaction;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
