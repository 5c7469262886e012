import type { RoutingRule, WebsiteConfiguration } from '../model/website-configuration';

/** Where the request came from: what a redirect that names no protocol or host keeps. */
export interface WebsiteOrigin {
  protocol: string;
  /** The Host header as sent (with its port). */
  host: string;
}

export interface WebsiteRedirect {
  status: number;
  location: string;
}

/** The key a request names: `/` and keys ending in `/` are their index document. */
export function indexedKey(key: string, website: WebsiteConfiguration): string {
  return key === '' || key.endsWith('/') ? `${key}${website.indexSuffix ?? ''}` : key;
}

/** RedirectAllRequestsTo: the same path on the configured host, always 301. */
export function redirectAllOf(
  website: WebsiteConfiguration,
  origin: WebsiteOrigin,
  rawPath: string,
): WebsiteRedirect | undefined {
  const target = website.redirectAll;
  if (!target) return undefined;
  return { status: 301, location: `${target.protocol ?? origin.protocol}://${target.hostName}${rawPath}` };
}

/**
 * The first routing rule whose condition holds for the requested key (and, when the rule names one, the error the
 * request met), as its redirect; S3 tries the rules in order. Before the object is read, only rules without an error
 * condition apply; after an error, rules whose error code matches it.
 */
export function routingRedirect(
  website: WebsiteConfiguration,
  origin: WebsiteOrigin,
  key: string,
  errorStatus?: number,
): WebsiteRedirect | undefined {
  const rule = (website.routingRules ?? []).find((candidate) => matches(candidate, key, errorStatus));
  return rule ? redirectOf(rule, origin, key) : undefined;
}

function matches({ condition }: RoutingRule, key: string, errorStatus: number | undefined): boolean {
  const code = condition?.httpErrorCodeReturnedEquals;
  if ((code === undefined) !== (errorStatus === undefined)) return false;
  if (code !== undefined && code !== String(errorStatus)) return false;
  return key.startsWith(condition?.keyPrefixEquals ?? '');
}

function redirectOf({ condition, redirect }: RoutingRule, origin: WebsiteOrigin, key: string): WebsiteRedirect {
  const prefix = condition?.keyPrefixEquals ?? '';
  const newKey =
    redirect.replaceKeyWith ??
    (redirect.replaceKeyPrefixWith === undefined ? key : `${redirect.replaceKeyPrefixWith}${key.slice(prefix.length)}`);
  const protocol = redirect.protocol ?? origin.protocol;
  const host = redirect.hostName ?? origin.host;
  return { status: Number(redirect.httpRedirectCode ?? '301'), location: `${protocol}://${host}/${encodeKey(newKey)}` };
}

/** A key as a URL path: each segment percent-encoded, the slashes kept. */
export const encodeKey = (key: string) => key.split('/').map(encodeURIComponent).join('/');
