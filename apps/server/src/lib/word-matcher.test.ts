import { describe, expect, it } from 'vitest';
import { WordMatcher } from './word-matcher.js';

describe('WordMatcher', () => {
  it('finds any word, case-insensitively, anywhere in the text', () => {
    const matcher = new WordMatcher(['he', 'she', 'his', 'hers', 'Secret Plan']);
    expect(matcher.findIn('ushers')).toBe('she');
    expect(matcher.findIn('THE SECRET PLAN')).toBe('he');
    expect(matcher.findIn('a secret plan')).toBe('secret plan');
    expect(matcher.findIn('nothing to see')).toBeUndefined();
    expect(matcher.findIn('')).toBeUndefined();
  });

  it('follows failure links into words that start inside another', () => {
    const matcher = new WordMatcher(['abcd', 'bce']);
    expect(matcher.findIn('xabce')).toBe('bce');
    expect(new WordMatcher(['aab']).findIn('aaab')).toBe('aab');
  });

  it('matches CJK words and ignores blank entries', () => {
    const matcher = new WordMatcher(['', '  ', '敏感词']);
    expect(matcher.empty).toBe(false);
    expect(matcher.findIn('这里有一个敏感词。')).toBe('敏感词');
    expect(new WordMatcher(['', ' ']).empty).toBe(true);
  });

  it('agrees with a plain search on random texts', () => {
    const alphabet = 'abcab';
    const random = (length: number) =>
      Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
    for (let round = 0; round < 200; round += 1) {
      const words = Array.from({ length: 1 + Math.floor(Math.random() * 6) }, () =>
        random(1 + Math.floor(Math.random() * 4)),
      );
      const text = random(Math.floor(Math.random() * 30));
      const matcher = new WordMatcher(words);
      const expected = words.some((word) => text.includes(word));
      expect(matcher.findIn(text) !== undefined, `${words} in ${text}`).toBe(expected);
    }
  });

  it('agrees with a plain search when ASCII and other characters mix in words and texts', () => {
    // 'a' and 'b' step through the dense table, '敏' and 'é' through the trie's maps.
    const alphabet = ['a', 'b', '敏', 'é', 'A'];
    const random = (length: number) =>
      Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
    for (let round = 0; round < 300; round += 1) {
      const words = Array.from({ length: 1 + Math.floor(Math.random() * 6) }, () =>
        random(1 + Math.floor(Math.random() * 4)),
      );
      const text = random(Math.floor(Math.random() * 30));
      const matcher = new WordMatcher(words);
      const folded = text.toLowerCase();
      const expected = words.some((word) => folded.includes(word.toLowerCase()));
      expect(matcher.findIn(text) !== undefined, `${words} in ${text}`).toBe(expected);
    }
  });

  it('folds upper-case ASCII without a lower-cased copy, as a lower-cased search would', () => {
    const alphabet = ['a', 'b', 'A', 'B', '_'];
    const random = (length: number) =>
      Array.from({ length }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join('');
    for (let round = 0; round < 300; round += 1) {
      const words = Array.from({ length: 1 + Math.floor(Math.random() * 6) }, () =>
        random(1 + Math.floor(Math.random() * 4)),
      );
      const text = random(Math.floor(Math.random() * 30));
      const matcher = new WordMatcher(words);
      const expected = words.some((word) => text.toLowerCase().includes(word.toLowerCase()));
      expect(matcher.findIn(text) !== undefined, `${words} in ${text}`).toBe(expected);
    }
  });

  it('lower-cases other characters in their context (final sigma, dotted capital I)', () => {
    // Whole-text lower-casing makes a final Σ 'ς' (not 'σ') and İ 'i̇', as toLowerCase() does.
    expect(new WordMatcher(['λόγοσ']).findIn('THE ΛΌΓΟΣ')).toBeUndefined();
    expect(new WordMatcher(['λόγος']).findIn('THE ΛΌΓΟΣ')).toBe('λόγος');
    expect(new WordMatcher(['i̇stanbul']).findIn('Welcome to İSTANBUL')).toBe('i̇stanbul');
  });
});
