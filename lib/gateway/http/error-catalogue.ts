import { DependencyUnavailableError, MalformedJsonError, MethodNotAllowedError } from '../../http';
import { AcquirerUnavailableError } from '../acquirers/acquirer';
import { GatewayError, type GatewayErrorKind } from '../errors';
import HTTP_LAYER_ERRORS from './http-layer-errors.json' with { type: 'json' };

export interface CatalogueEntry {
  status: number;
  codigo: string;
  mensagem: string;
}

/** An entry the HTTP layer answers too (the local HTTP layer reads the same file: scripts/local/http-layer). */
const httpLayer = (status: keyof typeof HTTP_LAYER_ERRORS): CatalogueEntry => ({
  status: Number(status),
  ...HTTP_LAYER_ERRORS[status],
});

type HttpLayerKind = 'method_not_allowed' | 'body_timeout' | 'body_too_large' | 'headers_too_large';

/**
 * The published error catalogue (README "Error codes"). 001, 002, 004 and 006 are the original
 * gateway's codes and keep their meaning; the others are ours.
 */
export const GATEWAY_ERROR_CATALOGUE: Record<
  GatewayErrorKind | HttpLayerKind | 'malformed_json' | 'unavailable' | 'internal',
  CatalogueEntry
> = {
  invalid_credentials: { status: 401, codigo: '001', mensagem: 'Credenciais inválidas' },
  invalid_return_url: { status: 400, codigo: '002', mensagem: 'url_retorno ausente ou inválida' },
  invalid_request: httpLayer('400'),
  invalid_payment_method: { status: 400, codigo: '004', mensagem: 'meio_pagamento inválido' },
  malformed_json: { status: 400, codigo: '005', mensagem: 'O corpo da requisição não é um JSON válido' },
  not_found: httpLayer('404'),
  transition_not_allowed: { status: 409, codigo: '007', mensagem: 'Operação não permitida no status atual' },
  acquirer_unavailable: { status: 503, codigo: '008', mensagem: 'Adquirente indisponível neste ambiente' },
  idempotency_mismatch: {
    status: 422,
    codigo: '009',
    mensagem: 'Idempotency-Key já usada com outra requisição; use uma nova chave',
  },
  method_not_allowed: httpLayer('405'),
  body_timeout: httpLayer('408'),
  body_too_large: httpLayer('413'),
  headers_too_large: httpLayer('431'),
  unavailable: { status: 503, codigo: '098', mensagem: 'Serviço temporariamente indisponível; tente novamente em instantes' },
  internal: httpLayer('500'),
};

/** The catalogue entry for an error, with the error's own message when it is one of ours. */
export function catalogueEntryFor(error: unknown): CatalogueEntry {
  if (error instanceof GatewayError) {
    const entry = GATEWAY_ERROR_CATALOGUE[error.kind];
    return error.message === error.kind ? entry : { ...entry, mensagem: error.message };
  }
  if (error instanceof MalformedJsonError) return GATEWAY_ERROR_CATALOGUE.malformed_json;
  if (error instanceof MethodNotAllowedError) return GATEWAY_ERROR_CATALOGUE.method_not_allowed;
  if (error instanceof AcquirerUnavailableError)
    return { ...GATEWAY_ERROR_CATALOGUE.acquirer_unavailable, mensagem: error.message };
  if (error instanceof DependencyUnavailableError) return GATEWAY_ERROR_CATALOGUE.unavailable;
  return GATEWAY_ERROR_CATALOGUE.internal;
}
