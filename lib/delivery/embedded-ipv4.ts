/** An IPv6 address as its eight 16-bit groups; undefined when it is not one (zone ids are not addresses to us). */
export function ipv6Groups(address: string): number[] | undefined {
  let text = address.toLowerCase();
  // A trailing dotted quad (::ffff:127.0.0.1, ::127.0.0.1) is the last two groups.
  const quad = /^(.*:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (quad) {
    const bytes = quad.slice(2).map(Number);
    if (bytes.some((byte) => byte > 255)) return undefined;
    const [a, b, c, d] = bytes as [number, number, number, number];
    text = `${quad[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const parse = (part: string | undefined) => (part ? part.split(':') : []);
  const head = parse(halves[0]);
  const tail = parse(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (groups.some((group) => !/^[0-9a-f]{1,4}$/.test(group))) return undefined;
  return groups.map((group) => Number.parseInt(group, 16));
}

const dotted = (high: number, low: number) => `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;

/**
 * The IPv4 address an IPv6 address carries where a network would deliver to it: IPv4-mapped (`::ffff:a.b.c.d`) and
 * 6to4 (`2002:AABB:CCDD::/48`). Undefined for any other address. (IPv4-compatible, Teredo and NAT64 forms are refused
 * whole by the target policy; they need no decoding.)
 */
export function embeddedIpv4(groups: readonly number[]): string | undefined {
  const [g0, g1, g2, , , g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  if (groups.slice(0, 5).every((group) => group === 0) && g5 === 0xffff) return dotted(g6, g7);
  if (g0 === 0x2002) return dotted(g1, g2);
  return undefined;
}
