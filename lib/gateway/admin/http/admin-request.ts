import type { ApiEvent } from '../../../http';
import { maskCardNumbersDeep } from '../../../log';
import { headerOf, stagePrefixOf } from '../../http/request-parts';
import type { RequestOrigin } from '../admin-dependencies';

/** `<stage prefix>/v1/admin`: API Gateway's default domain puts the stage in the path, a custom domain does not. */
export function adminBase(event: Pick<ApiEvent, 'path' | 'requestContext'>): string {
  return `${stagePrefixOf(event)}/v1/admin`;
}

export function originOf(event: Pick<ApiEvent, 'headers' | 'requestContext'>): RequestOrigin {
  return {
    ip: event.requestContext?.identity?.sourceIp ?? 'unknown',
    userAgent: (headerOf(event, 'user-agent') ?? '').slice(0, 300),
  };
}

/** Cookies are Secure everywhere except plain-http localhost, where a browser would drop them. */
export function cookiesSecure(event: Pick<ApiEvent, 'headers'>): boolean {
  const host = headerOf(event, 'host') ?? '';
  const proto = headerOf(event, 'x-forwarded-proto');
  const local = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])(:\d+)?$/.test(host);
  return !(local && proto !== 'https');
}

/** A path inside the admin UI to return to after logging in; anything else (other sites, other surfaces) is ignored. */
export function safeNext(base: string, next: string | undefined): string | undefined {
  if (!next || (!next.startsWith(`${base}/`) && next !== base)) return undefined;
  return /^[\w\-./?=&%]+$/.test(next) && !next.includes('//') ? next : undefined;
}

/**
 * The event with card numbers masked in its query (as the logger masks them): search forms and links echo the query
 * back, and a card number typed into a search box must not come back in the page.
 */
export function withoutCardNumbersInQuery(event: ApiEvent): ApiEvent {
  return {
    ...event,
    queryStringParameters: maskCardNumbersDeep(event.queryStringParameters),
    multiValueQueryStringParameters: maskCardNumbersDeep(event.multiValueQueryStringParameters),
  };
}
