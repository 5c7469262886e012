import { headerOf } from '../event-parts';
import type { ApiEvent } from '../types';

/** Where a request came from, for audit logs and per-address sign-in limits. */
export interface RequestOrigin {
  ip: string;
  userAgent: string;
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

const PLACEHOLDER_ORIGIN = 'http://ui.invalid';

/**
 * A path inside a web UI (`base`) to return to after signing in; anything else (other sites, other surfaces) is ignored.
 * The path is judged after dot segments are resolved (`/v1/admin/../../bucket/key` is the storage surface), as the
 * browser resolves them before it follows the redirect; encoded separators or dots that could be resolved later are refused.
 */
export function safeNext(base: string, next: string | undefined): string | undefined {
  if (!next?.startsWith('/') || !/^[\w\-./?=&%]+$/.test(next)) return undefined;
  let url: URL;
  try {
    url = new URL(next, PLACEHOLDER_ORIGIN);
  } catch {
    return undefined;
  }
  const path = url.pathname;
  if (url.origin !== PLACEHOLDER_ORIGIN || path.includes('//') || /%(2e|2f|5c)/i.test(path)) return undefined;
  return path === base || path.startsWith(`${base}/`) ? `${path}${url.search}` : undefined;
}
