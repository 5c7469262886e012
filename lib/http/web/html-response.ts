import type { ApiResult } from '../types';

export interface HtmlResponseOptions {
  headers?: Record<string, string>;
  /** Set-Cookie values; API Gateway (REST, v1 events) sends each through multiValueHeaders. */
  cookies?: string[];
  /** Extra origins a form may submit or redirect to (CSP form-action follows redirects in Chromium). */
  formActionOrigins?: string[];
  /** A page with script: only `<script nonce>` elements run, and they may fetch from this origin only. */
  scriptNonce?: string;
}

/**
 * An HTML page with the headers every page of ours carries: a strict Content-Security-Policy (no
 * script, no framing), nosniff, no referrer, never cached (pages show live state and CSRF tokens).
 */
export function htmlResponse(statusCode: number, html: string, options: HtmlResponseOptions = {}): ApiResult {
  const formAction = ["'self'", ...(options.formActionOrigins ?? [])].join(' ');
  const script = options.scriptNonce ? ` script-src 'nonce-${options.scriptNonce}'; connect-src 'self';` : '';
  return {
    statusCode,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'none';${script} style-src 'unsafe-inline'; img-src 'self' data:; form-action ${formAction}; frame-ancestors 'none'; base-uri 'none'`,
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store',
      ...options.headers,
    },
    ...(options.cookies?.length ? { multiValueHeaders: { 'set-cookie': options.cookies } } : {}),
    body: html,
  };
}

/** 303 See Other: after a form POST, the browser GETs the new location. */
export function seeOther(location: string, options: Pick<HtmlResponseOptions, 'cookies'> = {}): ApiResult {
  return {
    statusCode: 303,
    headers: { location, 'cache-control': 'no-store' },
    ...(options.cookies?.length ? { multiValueHeaders: { 'set-cookie': options.cookies } } : {}),
    body: '',
  };
}

/** A page's static script file: served as JavaScript, cacheable for an hour (it changes only with a deploy). */
export function scriptResponse(source: string): ApiResult {
  return {
    statusCode: 200,
    headers: {
      'content-type': 'text/javascript; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=3600',
    },
    body: source,
  };
}
