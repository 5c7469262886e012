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

/** A path inside a web UI (`base`) to return to after signing in; anything else (other sites, other surfaces) is ignored. */
export function safeNext(base: string, next: string | undefined): string | undefined {
  if (!next || (!next.startsWith(`${base}/`) && next !== base)) return undefined;
  return /^[\w\-./?=&%]+$/.test(next) && !next.includes('//') ? next : undefined;
}
