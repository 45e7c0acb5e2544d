import { describe, expect, it } from 'vitest';
import { parseRouteUserId } from './route-user-id';

describe('parseRouteUserId', () => {
  it('reads a positive id written in digits', () => {
    expect(parseRouteUserId('1')).toBe(1);
    expect(parseRouteUserId('0042')).toBe(42);
  });

  it('refuses zero, signs, fractions, words and a missing id', () => {
    for (const text of ['0', '-1', '+1', '1.5', '1e3', 'abc', '', ' 1', undefined]) {
      expect(parseRouteUserId(text)).toBeNull();
    }
  });

  it('refuses ids too long to be a safe integer', () => {
    expect(parseRouteUserId('9'.repeat(16))).toBeNull();
  });
});
