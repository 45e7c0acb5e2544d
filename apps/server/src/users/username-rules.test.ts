import { describe, expect, it } from 'vitest';
import { normalizeUsername, usernameCharacterProblem, usernameKey } from './username-rules.js';

describe('username rules', () => {
  it('normalises compatibility forms (full-width letters) and trims', () => {
    expect(normalizeUsername(' ａｌｉｃｅ ')).toBe('alice');
    expect(normalizeUsername('Ⅸ')).toBe('IX');
  });

  it('refuses control, zero-width, bidi and blank-looking characters', () => {
    for (const name of [
      'ali\u200Bce',
      'bob\u202E',
      'a\u0007b',
      'x\u3164',
      'wide\u2800',
      'a\uFEFFb',
    ]) {
      expect(usernameCharacterProblem(name), JSON.stringify(name)).toBeDefined();
    }
    expect(usernameCharacterProblem('张三 li')).toBeUndefined();
  });

  it('gives look-alikes the same key, and different names different keys', () => {
    const same = [
      ['alice', 'ALICE'],
      ['paypal', 'раураl'], // Cyrillic а, р, у
      ['root', 'r00t'],
      ['admin', 'adrnin'],
      ['bill', 'BIll'],
      ['bill', 'bi11'],
      ['vova', 'νονα'], // Greek nu, omicron, alpha
    ];
    for (const [left, right] of same) expect(usernameKey(right), right).toBe(usernameKey(left));
    expect(usernameKey('bob')).not.toBe(usernameKey('rob'));
    expect(usernameKey('alice')).not.toBe(usernameKey('alicia'));
  });
});
