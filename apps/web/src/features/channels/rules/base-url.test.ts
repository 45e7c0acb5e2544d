import { describe, expect, it } from 'vitest';
import { endsWithV1, isInvalidBaseUrl, stripTrailingSlash } from './base-url';

describe('stripTrailingSlash', () => {
  it('removes trailing slashes and surrounding spaces', () => {
    expect(stripTrailingSlash('https://api.example.com/')).toBe('https://api.example.com');
    expect(stripTrailingSlash(' https://api.example.com// ')).toBe('https://api.example.com');
    expect(stripTrailingSlash('https://api.example.com/path')).toBe('https://api.example.com/path');
    expect(stripTrailingSlash('')).toBe('');
  });
});

describe('endsWithV1', () => {
  it('spots an address ending in /v1, with or without a slash', () => {
    expect(endsWithV1('https://api.example.com/v1')).toBe(true);
    expect(endsWithV1('https://api.example.com/v1/')).toBe(true);
    expect(endsWithV1('https://api.example.com/V1')).toBe(true);
    expect(endsWithV1('https://api.example.com')).toBe(false);
    expect(endsWithV1('https://api.example.com/v1beta')).toBe(false);
    expect(endsWithV1('https://api.example.com/v1/chat/completions')).toBe(false);
  });
});

describe('isInvalidBaseUrl', () => {
  it('accepts empty and http(s) addresses only', () => {
    expect(isInvalidBaseUrl('')).toBe(false);
    expect(isInvalidBaseUrl('http://127.0.0.1:4010')).toBe(false);
    expect(isInvalidBaseUrl('https://api.example.com/')).toBe(false);
    expect(isInvalidBaseUrl('api.example.com')).toBe(true);
    expect(isInvalidBaseUrl('ftp://example.com')).toBe(true);
  });
});
