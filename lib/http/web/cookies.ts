import { parse, serialize } from 'cookie';
import type { ApiEvent } from '../types';

/** Cookies of the request (API Gateway gives the Cookie header in headers or multiValueHeaders). */
export function requestCookies(event: Pick<ApiEvent, 'headers' | 'multiValueHeaders'>): Record<string, string | undefined> {
  const headers = Object.entries(event.headers ?? {}).filter(([name]) => name.toLowerCase() === 'cookie');
  return parse(headers.map(([, value]) => value).join('; '));
}

export interface CookieOptions {
  maxAgeSeconds: number;
  /** Off only for plain-http localhost, where browsers would drop a Secure cookie. */
  secure: boolean;
  path?: string;
  /** Lax by default; Strict where no cross-site navigation should ever arrive signed in (the storage console). */
  sameSite?: 'lax' | 'strict';
}

/** HttpOnly, SameSite=Lax (or Strict): not readable by scripts, not sent on cross-site POSTs. */
export function sessionCookie(name: string, value: string, options: CookieOptions): string {
  return serialize(name, value, {
    httpOnly: true,
    sameSite: options.sameSite ?? 'lax',
    secure: options.secure,
    path: options.path ?? '/',
    maxAge: options.maxAgeSeconds,
  });
}

/** Deletes a cookie (same name and path; Secure where a `__Secure-` name requires it). */
export function expiredCookie(name: string, path = '/'): string {
  return serialize(name, '', { httpOnly: true, sameSite: 'lax', path, maxAge: 0, secure: name.startsWith('__Secure-') });
}
