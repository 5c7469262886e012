import type { HttpReply } from '../http-from';
import type { FuzzRequest } from './request-arbitraries';

/** Where a browser lands: refusals there are HTML pages; everywhere else under /v1 the JSON erro envelope. */
const PAGE_PREFIXES = ['/v1/admin', '/v1/acquirerA', '/v1/acquirerB_web', '/v1/bankA_shopline', '/v1/boleto', '/v1/docs'];

/** What must never reach a client: stack traces, source positions, internal names. */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\n\s+at \S+|\bat (async )?[\w$.<>]+ \(/],
  ['source position', /\.(ts|tsx|js|mjs):\d+/],
  ['error name', /\b(Type|Reference|Syntax|Range)?Error: /],
  ['AWS internals', /DynamoDB|ValidationException|ConditionalCheckFailed|TransactionCanceled|AccessDeniedException/],
  ['module path', /node_modules|\/work\/|\.esbuild/],
  ['hapi error', /"statusCode":\s*\d+,\s*"error"/],
];

/** Every way the answer to `request` breaks the rules; empty when it keeps all of them. */
export function problemsOf(request: FuzzRequest, reply: HttpReply): string[] {
  const problems: string[] = [];
  // Dot segments resolved as the router resolves them ("/v1/admin/.." is /v1).
  const path = new URL(request.target, 'http://stack').pathname;
  const type = String(reply.headers['content-type'] ?? '');
  if (reply.status >= 500) problems.push(`status ${reply.status}`);
  for (const [name, pattern] of LEAKS) if (pattern.test(reply.text)) problems.push(`leaks ${name}`);
  const digits = reply.text.replace(/[ -]/g, '');
  for (const card of request.cards) if (digits.includes(card)) problems.push(`echoes card ${card.slice(0, 4)}…`);
  if (request.method === 'HEAD' || reply.status < 400) return problems;
  // Paths that resolve outside /v1 ("/v1/%2e%2e" is "/") belong to the storage surface.
  if (path !== '/v1' && !path.startsWith('/v1/')) return problems;
  if (PAGE_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) {
    if (!type.startsWith('text/html')) problems.push(`page refusal as ${type || 'no content type'}`);
    return problems;
  }
  if (!type.startsWith('application/json')) problems.push(`API refusal as ${type || 'no content type'}`);
  try {
    const erro = JSON.parse(reply.text)?.transacao?.erro;
    if (!/^\d{3}$/.test(String(erro?.codigo)) || typeof erro?.mensagem !== 'string') problems.push('API refusal without erro');
  } catch {
    problems.push('API refusal not JSON');
  }
  return problems;
}
