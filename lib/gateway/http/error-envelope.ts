import {
  DependencyUnavailableError,
  type ErrorRenderer,
  jsonResponse,
  MethodNotAllowedError,
  retryAfterHeader,
} from '../../http';
import { maskCardNumbersDeep } from '../../log';
import { GatewayError } from '../errors';
import { catalogueEntryFor } from './error-catalogue';

/**
 * Gateway errors live inside the transaction envelope: {"transacao": {..., "erro": {codigo, mensagem}}}. Messages may
 * quote what the client sent: card numbers in it are masked as the logger masks them.
 */
export const renderGatewayError: ErrorRenderer = (error) => {
  const { status, codigo, mensagem } = catalogueEntryFor(error);
  const transaction = error instanceof GatewayError ? (error.transaction ?? {}) : {};
  const headers: Record<string, string> =
    error instanceof DependencyUnavailableError
      ? retryAfterHeader(error)
      : error instanceof MethodNotAllowedError
        ? { allow: error.allowed.join(', ') }
        : {};
  return jsonResponse(status, maskCardNumbersDeep({ transacao: { ...transaction, erro: { codigo, mensagem } } }), headers);
};
