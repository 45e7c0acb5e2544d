import { describe, expect, it } from 'vitest';
import { invalidOutboundAllowEntry, OutboundAllowList } from './outbound-allow-list.js';

describe('OutboundAllowList', () => {
  const list = new OutboundAllowList([
    'Upstream.Internal',
    '10.0.0.0/8',
    '192.168.1.5',
    'fd00::/8',
    '[::1]',
  ]);

  it('matches names exactly, whatever their case or a final dot', () => {
    expect(list.allowsName('upstream.internal')).toBe(true);
    expect(list.allowsName('UPSTREAM.INTERNAL.')).toBe(true);
    expect(list.allowsName('api.upstream.internal')).toBe(false);
    expect(list.allowsName('internal')).toBe(false);
  });

  it('matches addresses and ranges, IPv4-mapped addresses as their IPv4 address', () => {
    expect(list.allowsAddress('10.20.30.40')).toBe(true);
    expect(list.allowsAddress('::ffff:10.1.1.1')).toBe(true);
    expect(list.allowsAddress('::ffff:a01:101')).toBe(true);
    expect(list.allowsAddress('[::ffff:c0a8:105]')).toBe(true);
    expect(list.allowsAddress('192.168.1.5')).toBe(true);
    expect(list.allowsAddress('192.168.1.6')).toBe(false);
    expect(list.allowsAddress('fd12::1')).toBe(true);
    expect(list.allowsAddress('::1')).toBe(true);
    expect(list.allowsAddress('127.0.0.1')).toBe(false);
  });

  it('does not take a name for an address or an address for a name', () => {
    expect(list.allowsAddress('upstream.internal')).toBe(false);
    expect(new OutboundAllowList(['127.0.0.1']).allowsName('localhost')).toBe(false);
    expect(new OutboundAllowList([]).allowsAddress('10.0.0.1')).toBe(false);
  });
});

describe('invalidOutboundAllowEntry', () => {
  it('accepts names, addresses and ranges', () => {
    expect(
      invalidOutboundAllowEntry([
        'localhost',
        'mock-upstream',
        'api.example.internal',
        '127.0.0.1',
        '10.0.0.0/8',
        '::1',
        '[fd00::1]',
        'fd00::/8',
      ]),
    ).toBeUndefined();
  });

  it.each([
    'http://host',
    'host:8080',
    'user@host',
    '10.0.0.0/33',
    'fd00::/129',
    '10.0.0.0/x',
    'host/8',
    '*.example.com',
    // Number forms a URL would turn into an address: as a name they would never match.
    '0x7f000001',
    '2130706433',
    '.example.com',
    'a b',
  ])('refuses %s', (entry) => {
    expect(invalidOutboundAllowEntry(['localhost', entry])).toBe(entry);
  });
});
