import { stagePrefixOf } from './event-parts';
import type { ApiEvent } from './types';

/** serverless offline's stand-in for API Gateway's domain name: no host of ours. */
const REAL_DOMAIN = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i;

/** Where nothing says otherwise (serverless offline started without PUBLIC_BASE_URL): the local default. */
const LOCAL_FALLBACK = 'http://localhost';

/**
 * Where this deployment is reached, for the URLs it hands out (hosted pages' url_acesso, BR Code locations, the JWS
 * `jku`, torrent web seeds) and for whether requests arrive over TLS: the configured PUBLIC_BASE_URL (the local stack
 * sets its own `http://127.0.0.1:<port>`), else API Gateway's own request context (its domain name and the stage
 * prefix of the path it matched; a REST API serves HTTPS only). Never the Host or X-Forwarded-* headers: on a local
 * stack they are whatever the client sent.
 */
export function serviceOrigin(event: Pick<ApiEvent, 'path' | 'requestContext'>, configured?: string): string {
  if (configured) return configured.replace(/\/+$/, '');
  const domain = event.requestContext?.domainName;
  if (domain && REAL_DOMAIN.test(domain)) return `https://${domain.toLowerCase()}${stagePrefixOf(event)}`;
  return LOCAL_FALLBACK;
}

/** Whether requests reach this deployment over HTTPS (see serviceOrigin): never what a client header claims. */
export const servedOverHttps = (origin: string): boolean => origin.startsWith('https://');
