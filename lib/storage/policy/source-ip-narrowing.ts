import { BlockList } from 'node:net';
import { cidrOf } from './condition-operators';

/** The most addresses an `aws:SourceIp` list may cover and still count as fixed sources: a /8 of IPv4, a /32 of IPv6. */
const MAX_IPV4_ADDRESSES = 2n ** 24n;
const MAX_IPV6_ADDRESSES = 2n ** 96n;

/** IPv4-mapped IPv6 addresses: a range over them matches IPv4 callers too (IpAddress compares them so). */
const IPV4_MAPPED = new BlockList();
IPV4_MAPPED.addSubnet('::ffff:0:0', 96, 'ipv6');

/**
 * Do these `IpAddress` ranges fix the callers to known networks? Their sizes are added up (overlaps counted twice,
 * erring towards public), so `0.0.0.0/0`, `0.0.0.0/1` + `128.0.0.0/1`, 256 /8s, or `::/64` (which holds every
 * IPv4-mapped address) all count as everyone. A value that is not a CIDR (refused at PUT anyway) narrows nothing.
 */
export function narrowsSourceIp(values: readonly string[]): boolean {
  let ipv4 = 0n;
  let ipv6 = 0n;
  for (const value of values) {
    const cidr = cidrOf(value);
    if (!cidr) return false;
    const size = 2n ** BigInt((cidr.family === 'ipv4' ? 32 : 128) - cidr.prefix);
    if (cidr.family === 'ipv4') {
      ipv4 += size;
      continue;
    }
    ipv6 += size;
    ipv4 += ipv4MappedPart(cidr.address, cidr.prefix, size);
  }
  return values.length > 0 && ipv4 <= MAX_IPV4_ADDRESSES && ipv6 <= MAX_IPV6_ADDRESSES;
}

/** How many IPv4 callers an IPv6 range reaches through the IPv4-mapped block. */
function ipv4MappedPart(address: string, prefix: number, size: bigint): bigint {
  if (prefix >= 96) return IPV4_MAPPED.check(address, 'ipv6') ? size : 0n;
  const range = new BlockList();
  range.addSubnet(address, prefix, 'ipv6');
  return range.check('::ffff:0:0', 'ipv6') ? 2n ** 32n : 0n;
}
