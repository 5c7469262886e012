import { BlockList, isIP } from 'node:net';
import { embeddedIpv4, ipv6Groups } from './embedded-ipv4';

/**
 * Where outbound pushes (gateway webhooks, storage bucket notifications) may be sent (SSRF): `https://` only, and never
 * to loopback, private, link-local (cloud metadata included), CGNAT, multicast or reserved addresses, checked on the URL
 * when it is registered and on every address the host resolves to at delivery. `allowPrivate` (WEBHOOK_ALLOW_PRIVATE=1,
 * local stacks only) lifts both rules.
 */
const FORBIDDEN = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  // Unspecified, loopback and the deprecated IPv4-compatible form (::a.b.c.d): nothing a receiver uses.
  ['::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  // Site-local (deprecated, still routed inside some networks).
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  // Teredo: tunnels to an IPv4 address through a relay; no push receiver needs it.
  ['2001::', 32],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  // Discard-only, and SIIT's IPv4-translated form (::ffff:0:a.b.c.d).
  ['100::', 64],
  ['::ffff:0:0:0', 96],
  ['fd00:ec2::', 32],
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv6');
}

/** Host names that are internal whatever they resolve to. */
const FORBIDDEN_HOSTS = /^(localhost|.*\.localhost|metadata|metadata\.google\.internal|.*\.internal|.*\.local)$/i;

export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    const groups = ipv6Groups(address);
    if (!groups) return true;
    // IPv4-mapped and 6to4 addresses reach the IPv4 address inside: judged as that address too.
    const inner = embeddedIpv4(groups);
    if (inner !== undefined && isForbiddenAddress(inner)) return true;
    return FORBIDDEN.check(address, 'ipv6');
  }
  return FORBIDDEN.check(address, 'ipv4');
}

/** Why a push URL is refused, for each surface to word in its own language and error format. */
export type UrlProblem = 'missing' | 'invalid' | 'scheme' | 'credentials' | 'internal';

export type PushUrlVerdict = { ok: true; url: URL } | { ok: false; problem: UrlProblem };

/** The URL's own checks (no DNS): scheme, no credentials, a host that is not internal by name or by literal address. */
export function checkPushUrl(raw: unknown, allowPrivate: boolean): PushUrlVerdict {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 2048) return { ok: false, problem: 'missing' };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) return { ok: false, problem: 'scheme' };
  if (url.username || url.password) return { ok: false, problem: 'credentials' };
  if (allowPrivate) return { ok: true, url };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (FORBIDDEN_HOSTS.test(host)) return { ok: false, problem: 'internal' };
  if (isIP(host) !== 0 && isForbiddenAddress(host)) return { ok: false, problem: 'internal' };
  return { ok: true, url };
}
