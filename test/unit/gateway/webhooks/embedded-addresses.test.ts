import { describe, expect, it } from 'vitest';
import { embeddedIpv4, ipv6Groups } from '../../../../lib/delivery/embedded-ipv4';
import { isForbiddenAddress } from '../../../../lib/delivery/target-policy';
import { checkWebhookUrl } from '../../../../lib/gateway/webhooks/webhook-url';

/** Issue 31: IPv6 forms that reach an internal IPv4 address, and deprecated local ranges, are internal too. */
describe('webhook targets: IPv6 forms of internal addresses', () => {
  it.each([
    ['::7f00:1', 'IPv4-compatible loopback'],
    ['::127.0.0.1', 'IPv4-compatible, dotted'],
    ['::a9fe:a9fe', 'IPv4-compatible metadata address'],
    ['::8.8.8.8', 'IPv4-compatible (deprecated, refused whatever it embeds)'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, as URL parsing writes it'],
    ['::ffff:127.0.0.1', 'IPv4-mapped, dotted'],
    ['::ffff:a00:1', 'IPv4-mapped 10.0.0.1'],
    ['2002:7f00:1::1', '6to4 of 127.0.0.1'],
    ['2002:a9fe:a9fe::', '6to4 of 169.254.169.254'],
    ['2002:c0a8:101:0:0:0:0:1', '6to4 of 192.168.1.1'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['2001::1', 'Teredo prefix'],
    ['fec0::1', 'site-local'],
    ['feff::1', 'site-local, end of the range'],
    ['::ffff:0:7f00:1', 'SIIT IPv4-translated'],
    ['64:ff9b:1::a00:1', 'local-use NAT64'],
    ['100::1', 'discard-only'],
  ])('%s (%s) is internal', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each(['2002:808:808::1', '::ffff:808:808', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])(
    '%s is public (6to4 or mapped public IPv4, ordinary global unicast)',
    (address) => {
      expect(isForbiddenAddress(address)).toBe(false);
    },
  );

  it.each([
    'https://[::7f00:1]/hook',
    'https://[::127.0.0.1]/hook',
    'https://[::ffff:7f00:1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[2002:7f00:1::1]/hook',
    'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook',
    'https://[fec0::1]/hook',
  ])('registration refuses %s', (url) => {
    expect(checkWebhookUrl(url, false)).toEqual({ ok: false, reason: 'endereço interno não permitido' });
  });

  it('reads every IPv6 spelling into its eight groups, and refuses what is no address', () => {
    expect(ipv6Groups('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(ipv6Groups('2002:7F00:1::1')).toEqual([0x2002, 0x7f00, 1, 0, 0, 0, 0, 1]);
    for (const bad of ['1::2::3', '1:2:3:4:5:6:7', '::1.2.3.256', '12345::', '1:2:3:4:5:6:7:8:9'])
      expect(ipv6Groups(bad), bad).toBeUndefined();
    expect(embeddedIpv4(ipv6Groups('2002:c0a8:101::1')!)).toBe('192.168.1.1');
    expect(embeddedIpv4(ipv6Groups('2606:4700::1')!)).toBeUndefined();
  });
});
