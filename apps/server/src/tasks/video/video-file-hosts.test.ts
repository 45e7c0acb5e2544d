import { describe, expect, it } from 'vitest';
import { hostListed } from './video-content.js';

describe('hostListed', () => {
  it('matches a listed host exactly, and a wildcard entry any of its subdomains only', () => {
    const hosts = ['files.example.com', '*.cdn.example.net'];
    expect(hostListed('files.example.com', hosts)).toBe(true);
    expect(hostListed('FILES.example.com', hosts)).toBe(true);
    expect(hostListed('evil-files.example.com', hosts)).toBe(false);
    expect(hostListed('a.b.cdn.example.net', hosts)).toBe(true);
    expect(hostListed('cdn.example.net', hosts)).toBe(false);
    expect(hostListed('evilcdn.example.net', hosts)).toBe(false);
    expect(hostListed('files.example.com', undefined)).toBe(false);
  });
});
