import type { ServerResponse } from 'node:http';
import type { Violacao } from './schema-checker';

/** The BCB API Pix error types this fake answers with (`https://pix.bcb.gov.br/api/v2/error/<type>`). */
export type ProblemType =
  | 'CobOperacaoInvalida'
  | 'CobVOperacaoInvalida'
  | 'PixDevolucaoInvalida'
  | 'WebhookOperacaoInvalida'
  | 'NaoEncontrado'
  | 'AcessoNegado'
  | 'NaoAutorizado'
  | 'ServicoIndisponivel'
  | 'RequisicaoInvalida';

const TITLES: Record<ProblemType, string> = {
  CobOperacaoInvalida: 'Cobrança inválida.',
  CobVOperacaoInvalida: 'Cobrança inválida.',
  PixDevolucaoInvalida: 'Devolução inválida.',
  WebhookOperacaoInvalida: 'Webhook inválido.',
  NaoEncontrado: 'Não encontrado',
  AcessoNegado: 'Acesso Negado',
  NaoAutorizado: 'Não autorizado',
  ServicoIndisponivel: 'Serviço Indisponível',
  RequisicaoInvalida: 'Requisição inválida.',
};

/** Answers with the BCB's `Problema` (RFC 7807) as application/problem+json. */
export function sendProblem(
  response: ServerResponse,
  status: number,
  type: ProblemType,
  detail: string,
  violacoes?: Violacao[],
  headers: Record<string, string> = {},
): void {
  const body = {
    type: `https://pix.bcb.gov.br/api/v2/error/${type}`,
    title: TITLES[type],
    status,
    detail,
    correlationId: `fake-${Date.now().toString(36)}`,
    ...(violacoes?.length ? { violacoes } : {}),
  };
  response.writeHead(status, { 'content-type': 'application/problem+json', ...headers }).end(JSON.stringify(body));
}
