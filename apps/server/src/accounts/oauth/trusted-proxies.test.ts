import { describe, expect, it } from 'vitest';
import { parseTrustedProxies, peerIsTrusted, singleHeader } from './trusted-proxies.js';

describe('trusted proxies', () => {
  it('reads a JSON array of addresses and ranges, and refuses anything else', () => {
    expect(parseTrustedProxies('["10.0.0.0/8", "127.0.0.1", "fd00::/8"]')).toHaveLength(3);
    for (const text of ['', '"10.0.0.1"', '["10.0.0.0/33"]', '["nope"]', '[1]', '["0.0.0.0/0"]']) {
      expect(parseTrustedProxies(text)).toBeUndefined();
    }
  });

  it('matches the peer by family, IPv4-mapped addresses as IPv4', () => {
    const list = '["10.0.0.0/8", "::ffff:192.168.0.0/112", "fd00::/8"]';
    expect(peerIsTrusted(list, '10.20.30.40')).toBe(true);
    expect(peerIsTrusted(list, '::ffff:10.1.1.1')).toBe(true);
    expect(peerIsTrusted(list, '192.168.4.4')).toBe(true);
    expect(peerIsTrusted(list, 'fd12::1')).toBe(true);
    expect(peerIsTrusted(list, '11.0.0.1')).toBe(false);
    expect(peerIsTrusted(list, '::1')).toBe(false);
    expect(peerIsTrusted(list, undefined)).toBe(false);
    expect(peerIsTrusted('not json', '10.0.0.1')).toBe(false);
  });

  it('reads one header, refusing a repeated one', () => {
    const raw = ['X-User', ' alice ', 'x-email', '', 'X-Dup', 'a', 'x-dup', 'b'];
    expect(singleHeader(raw, 'x-user')).toBe('alice');
    expect(singleHeader(raw, 'X-Email')).toBeUndefined();
    expect(singleHeader(raw, 'x-missing')).toBeUndefined();
    expect(singleHeader(raw, 'X-Dup')).toBeNull();
  });
});
