import { describe, expect, it } from 'vitest';
import { readCookie } from './read-cookie.js';

describe('readCookie', () => {
  it('finds a cookie among others, trimmed and decoded', () => {
    expect(readCookie('theme=dark; session=abc%3D.sig ; lang=en', 'session')).toBe('abc=.sig');
    expect(readCookie('session="quoted"', 'session')).toBe('quoted');
  });

  it('answers undefined when the cookie or the header is missing', () => {
    expect(readCookie(undefined, 'session')).toBeUndefined();
    expect(readCookie('theme=dark', 'session')).toBeUndefined();
    expect(readCookie('mysession=x', 'session')).toBeUndefined();
  });

  it('keeps a value that is not valid percent-encoding as sent', () => {
    expect(readCookie('session=100%', 'session')).toBe('100%');
  });
});
