import { DependencyUnavailableError, type ErrorRenderer, jsonResponse, retryAfterHeader } from '../../http';
import { GatewayError } from '../errors';
import { catalogueEntryFor } from './error-catalogue';

/** Gateway errors live inside the transaction envelope: {"transacao": {..., "erro": {codigo, mensagem}}}. */
export const renderGatewayError: ErrorRenderer = (error) => {
  const { status, codigo, mensagem } = catalogueEntryFor(error);
  const transaction = error instanceof GatewayError ? (error.transaction ?? {}) : {};
  const headers = error instanceof DependencyUnavailableError ? retryAfterHeader(error) : {};
  return jsonResponse(status, { transacao: { ...transaction, erro: { codigo, mensagem } } }, headers);
};
