import { describe, expect, it } from 'vitest';
import { addressRefusal } from './address-policy.js';

describe('addressRefusal', () => {
  it.each([
    ['127.0.0.1', 'a loopback address'],
    ['127.255.255.254', 'a loopback address'],
    ['10.1.2.3', 'a private address'],
    ['172.16.0.1', 'a private address'],
    ['172.31.255.255', 'a private address'],
    ['192.168.1.1', 'a private address'],
    ['100.64.0.1', 'a carrier-grade NAT address'],
    ['100.100.100.200', 'a carrier-grade NAT address'],
    ['169.254.169.254', 'a link-local address'],
    ['169.254.170.2', 'a link-local address'],
    ['0.0.0.0', 'an unspecified address'],
    ['0.1.2.3', 'an unspecified address'],
    ['255.255.255.255', 'a broadcast address'],
    ['224.0.0.1', 'a multicast address'],
    ['239.255.255.250', 'a multicast address'],
    ['240.0.0.1', 'a reserved address'],
    ['192.0.0.192', 'a reserved address'],
    ['192.0.2.1', 'a reserved address'],
    ['198.18.0.1', 'a reserved address'],
    ['198.51.100.7', 'a reserved address'],
    ['203.0.113.9', 'a reserved address'],
    ['168.63.129.16', 'a cloud metadata address'],
  ])('refuses IPv4 %s as %s', (address, reason) => {
    expect(addressRefusal(address)).toBe(reason);
  });

  it.each([
    ['::1', 'a loopback address'],
    ['::', 'an unspecified address'],
    ['fe80::1', 'a link-local address'],
    ['febf::1', 'a link-local address'],
    ['fc00::1', 'a unique-local address'],
    ['fd00:ec2::254', 'a unique-local address'],
    ['ff02::1', 'a multicast address'],
    ['fec0::1', 'a site-local address'],
    ['100::1', 'a discard-only address'],
    ['2001:db8::1', 'a reserved address'],
    ['2001::1', 'a Teredo tunnel address'],
    ['64:ff9b:1::1', 'a local-use NAT64 address'],
    // IPv4-compatible (deprecated) and other unassigned space outside 2000::/3.
    ['::7f00:1', 'not a global unicast address'],
    ['4000::1', 'not a global unicast address'],
    ['5f00::1', 'a segment routing address'],
  ])('refuses IPv6 %s as %s', (address, reason) => {
    expect(addressRefusal(address)).toBe(reason);
  });

  it.each([
    ['::ffff:7f00:1', 'an IPv4-mapped form of 127.0.0.1, a loopback address'],
    ['::ffff:a9fe:a9fe', 'an IPv4-mapped form of 169.254.169.254, a link-local address'],
    ['::ffff:0:a00:1', 'an IPv4-mapped form of 10.0.0.1, a private address'],
    ['64:ff9b::a9fe:a9fe', 'a NAT64 form of 169.254.169.254, a link-local address'],
    ['64:ff9b::c0a8:101', 'a NAT64 form of 192.168.1.1, a private address'],
    ['2002:7f00:1::', 'a 6to4 form of 127.0.0.1, a loopback address'],
    ['2002:c0a8:101::1', 'a 6to4 form of 192.168.1.1, a private address'],
    ['2002:a83f:8110::', 'a 6to4 form of 168.63.129.16, a cloud metadata address'],
  ])('refuses %s, which carries a refused IPv4 address', (address, reason) => {
    expect(addressRefusal(address)).toBe(reason);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '100.128.0.1',
    '169.255.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:808:808',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('accepts the global address %s', (address) => {
    expect(addressRefusal(address)).toBeUndefined();
  });

  it('refuses what is not an IP address', () => {
    expect(addressRefusal('example.com')).toBe('not an IP address');
  });
});
