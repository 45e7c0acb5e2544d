import { describe, expect, it } from 'vitest';
import { invalidTrustedProxy, TrustedProxies } from './trusted-proxies.js';

describe('trusted proxies', () => {
  it('checks entries: addresses and CIDRs, IPv4 and IPv6', () => {
    expect(invalidTrustedProxy(['10.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8'])).toBeUndefined();
    expect(invalidTrustedProxy(['10.0.0.0/33'])).toBe('10.0.0.0/33');
    expect(invalidTrustedProxy(['proxy.local'])).toBe('proxy.local');
    expect(invalidTrustedProxy(['10.0.0.1/8/1'])).toBe('10.0.0.1/8/1');
  });

  it('believes nobody without entries', () => {
    const none = new TrustedProxies([]);
    expect(none.clientAddress('127.0.0.1', '1.2.3.4')).toBe('127.0.0.1');
  });

  it('walks X-Forwarded-For from the right, skipping trusted hops', () => {
    const proxies = new TrustedProxies(['10.0.0.0/8', '127.0.0.1']);
    expect(proxies.clientAddress('127.0.0.1', '1.2.3.4')).toBe('1.2.3.4');
    expect(proxies.clientAddress('::ffff:127.0.0.1', '1.2.3.4')).toBe('1.2.3.4');
    // A client's own fake entry sits left of the address the first proxy saw.
    expect(proxies.clientAddress('127.0.0.1', '6.6.6.6, 1.2.3.4, 10.1.1.1')).toBe('1.2.3.4');
    // A request straight from an untrusted address keeps that address.
    expect(proxies.clientAddress('5.5.5.5', '1.2.3.4')).toBe('5.5.5.5');
    expect(proxies.clientAddress('127.0.0.1', undefined)).toBe('127.0.0.1');
  });
});
