import { DependencyUnavailableError, MalformedJsonError } from '../../http';
import { AcquirerUnavailableError } from '../acquirers/acquirer';
import { GatewayError, type GatewayErrorKind } from '../errors';

export interface CatalogueEntry {
  status: number;
  codigo: string;
  mensagem: string;
}

/**
 * The published error catalogue (README "Error codes"). 001, 002, 004 and 006 are the original
 * gateway's codes and keep their meaning; the others are ours.
 */
export const GATEWAY_ERROR_CATALOGUE: Record<GatewayErrorKind | 'malformed_json' | 'unavailable' | 'internal', CatalogueEntry> = {
  invalid_credentials: { status: 401, codigo: '001', mensagem: 'Credenciais inválidas' },
  invalid_return_url: { status: 400, codigo: '002', mensagem: 'url_retorno ausente ou inválida' },
  invalid_request: { status: 400, codigo: '003', mensagem: 'Requisição inválida' },
  invalid_payment_method: { status: 400, codigo: '004', mensagem: 'meio_pagamento inválido' },
  malformed_json: { status: 400, codigo: '005', mensagem: 'O corpo da requisição não é um JSON válido' },
  not_found: { status: 404, codigo: '006', mensagem: 'Recurso não encontrado' },
  transition_not_allowed: { status: 409, codigo: '007', mensagem: 'Operação não permitida no status atual' },
  acquirer_unavailable: { status: 503, codigo: '008', mensagem: 'Adquirente indisponível neste ambiente' },
  idempotency_mismatch: {
    status: 422,
    codigo: '009',
    mensagem: 'Idempotency-Key já usada com outra requisição; use uma nova chave',
  },
  unavailable: { status: 503, codigo: '098', mensagem: 'Serviço temporariamente indisponível; tente novamente em instantes' },
  internal: { status: 500, codigo: '099', mensagem: 'Erro interno; tente novamente' },
};

/** The catalogue entry for an error, with the error's own message when it is one of ours. */
export function catalogueEntryFor(error: unknown): CatalogueEntry {
  if (error instanceof GatewayError) {
    const entry = GATEWAY_ERROR_CATALOGUE[error.kind];
    return error.message === error.kind ? entry : { ...entry, mensagem: error.message };
  }
  if (error instanceof MalformedJsonError) return GATEWAY_ERROR_CATALOGUE.malformed_json;
  if (error instanceof AcquirerUnavailableError)
    return { ...GATEWAY_ERROR_CATALOGUE.acquirer_unavailable, mensagem: error.message };
  if (error instanceof DependencyUnavailableError) return GATEWAY_ERROR_CATALOGUE.unavailable;
  return GATEWAY_ERROR_CATALOGUE.internal;
}
