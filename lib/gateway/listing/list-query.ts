import { PAYMENT_METHODS, type PaymentMethod } from '../domain/payment-methods';
import { STATUSES, type Status } from '../domain/state-machine';
import { GatewayError } from '../errors';
import type { TransactionCriteria } from '../transactions/query/transaction-criteria';

/** GET /v1/transacao's filters (DESIGN §7.1), validated. Dates are UTC days, inclusive. */
export interface ListQuery extends Pick<TransactionCriteria, 'status' | 'method' | 'orderNumber' | 'from' | 'to'> {
  limit: number;
}

export const LIST_PARAMETERS = [
  'token',
  'status',
  'meio_pagamento',
  'numero_pedido',
  'desde',
  'ate',
  'limite',
  'cursor',
] as const;
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters of a query string; anything unknown or malformed is refused (400, 003) rather than ignored or guessed. */
export function parseListQuery(query: Record<string, string | undefined>): ListQuery {
  const unknown = Object.keys(query).filter((name) => !(LIST_PARAMETERS as readonly string[]).includes(name));
  if (unknown.length) throw invalid(`parâmetro desconhecido: ${unknown[0]?.slice(0, 40)}`);
  const parsed: ListQuery = { limit: DEFAULT_LIMIT };
  const { status, meio_pagamento: method, numero_pedido: order, desde, ate, limite } = query;
  if (status !== undefined) {
    if (!(STATUSES as readonly string[]).includes(status)) throw invalid(`status deve ser um de ${STATUSES.join(', ')}`);
    parsed.status = status as Status;
  }
  if (method !== undefined) {
    if (!(PAYMENT_METHODS as readonly string[]).includes(method)) {
      throw new GatewayError('invalid_payment_method', `meio_pagamento deve ser um de ${PAYMENT_METHODS.join(', ')}`);
    }
    parsed.method = method as PaymentMethod;
  }
  if (order !== undefined) {
    if (order.trim() === '' || order.length > 60) throw invalid('numero_pedido: de 1 a 60 caracteres');
    parsed.orderNumber = order.trim();
  }
  if (desde !== undefined) parsed.from = day('desde', desde);
  if (ate !== undefined) parsed.to = day('ate', ate);
  if (parsed.from && parsed.to && parsed.from > parsed.to) throw invalid('desde é posterior a ate');
  if (limite !== undefined) {
    if (!/^\d{1,3}$/.test(limite) || Number(limite) < 1 || Number(limite) > MAX_LIMIT) {
      throw invalid(`limite deve ser um inteiro de 1 a ${MAX_LIMIT}`);
    }
    parsed.limit = Number(limite);
  }
  return parsed;
}

function day(name: string, value: string): string {
  const date = new Date(`${value}T00:00:00.000Z`);
  if (!DATE.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw invalid(`${name} deve ser uma data AAAA-MM-DD`);
  }
  return value;
}

function invalid(message: string): GatewayError {
  return new GatewayError('invalid_request', message);
}

/** A cursor that is not one this list gave for these filters. */
export function invalidCursor(): GatewayError {
  return invalid('cursor inválido: use o proximo_cursor da página anterior, com os mesmos filtros');
}
