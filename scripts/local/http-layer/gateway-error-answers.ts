import HTTP_LAYER_ERRORS from '../../../lib/gateway/http/http-layer-errors.json' with { type: 'json' };
import HTTP_LAYER_PAGES from '../../../lib/gateway/http/http-layer-pages.json' with { type: 'json' };
import { isUnder } from './surface-paths';

/**
 * What the HTTP layer answers by itself on a gateway path: the gateway's `erro` envelope, from the catalogue entries
 * it shares with the functions (lib/gateway/http/http-layer-errors.json, also read by error-catalogue.ts); where a
 * browser lands (http-layer-pages.json), a calm page instead.
 */
export interface GatewayAnswer {
  headers: Record<string, string>;
  body: string;
}

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
};

type Status = keyof typeof HTTP_LAYER_ERRORS;

const isCatalogued = (status: string): status is Status => Object.hasOwn(HTTP_LAYER_ERRORS, status);

/** The entry for a status, else the 400 (4xx) or 500 (5xx) one. */
function erroFor(status: number) {
  const key = String(status);
  return HTTP_LAYER_ERRORS[isCatalogued(key) ? key : status >= 500 ? '500' : '400'];
}

export function gatewayAnswer(path: string, status: number): GatewayAnswer {
  if (HTTP_LAYER_PAGES.prefixes.some((prefix) => isUnder(prefix, path))) {
    return { headers: { ...PAGE_HEADERS }, body: HTTP_LAYER_PAGES.html };
  }
  return {
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ transacao: { erro: erroFor(status) } }),
  };
}
