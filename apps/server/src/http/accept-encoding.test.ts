import { describe, expect, it } from 'vitest';
import { chooseEncoding, parseAcceptEncoding } from './accept-encoding.js';

const both = ['br', 'gzip'] as const;

describe('Accept-Encoding negotiation for the console files', () => {
  it('reads codings with their q-values', () => {
    expect([...parseAcceptEncoding('gzip, deflate;q=0.5 , BR;q=0.9,x-gzip;q=0.2, *;q=0')]).toEqual([
      ['gzip', 0.2],
      ['deflate', 0.5],
      ['br', 0.9],
      ['*', 0],
    ]);
    // A malformed quality refuses rather than accepts.
    expect(parseAcceptEncoding('br;q=2, gzip;q=abc, identity;q = 0.3').get('br')).toBe(0);
    expect(parseAcceptEncoding('gzip;q=abc').get('gzip')).toBe(0);
    expect(parseAcceptEncoding('identity;q = 0.3').get('identity')).toBe(0.3);
  });

  it('prefers brotli, then gzip, as the browser asks', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd', both)).toBe('br');
    expect(chooseEncoding('gzip, deflate', both)).toBe('gzip');
    expect(chooseEncoding('br;q=0.5, gzip', both)).toBe('gzip');
    expect(chooseEncoding('gzip, deflate, br', ['gzip'])).toBe('gzip');
    expect(chooseEncoding('*', both)).toBe('br');
    expect(chooseEncoding('br;q=0, *', both)).toBe('gzip');
  });

  it('sends the file as is to a client that did not accept a coding', () => {
    expect(chooseEncoding(undefined, both)).toBe('identity');
    expect(chooseEncoding('', both)).toBe('identity');
    expect(chooseEncoding('identity', both)).toBe('identity');
    expect(chooseEncoding('deflate, zstd', both)).toBe('identity');
    expect(chooseEncoding('gzip;q=0, br;q=0', both)).toBe('identity');
    expect(chooseEncoding('*;q=0, identity', both)).toBe('identity');
    // `*` does not bring back a coding the header refused by name.
    expect(chooseEncoding('gzip;q=0, *', ['gzip'])).toBe('identity');
    expect(chooseEncoding('gzip;q=0.4, identity;q=0.8', both)).toBe('identity');
    expect(chooseEncoding('gzip, br', [])).toBe('identity');
  });
});
