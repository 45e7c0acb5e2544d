import { describe, expect, it } from 'vitest';
import { batchNamePattern, batchNamesFit, nameByteLength, parseTokenCount } from './batch-count';

describe('token quantity', () => {
  it('accepts positive integers up to 100', () => {
    expect(parseTokenCount('1')).toEqual({ ok: true, count: 1 });
    expect(parseTokenCount(' 30 ')).toEqual({ ok: true, count: 30 });
    expect(parseTokenCount('100')).toEqual({ ok: true, count: 100 });
  });

  it('refuses zero, negatives, decimals and text', () => {
    for (const text of ['0', '-1', '2.5', 'ten', '']) {
      expect(parseTokenCount(text)).toEqual({ ok: false, problem: 'invalid' });
    }
  });

  it('refuses more than one call makes', () => {
    expect(parseTokenCount('101')).toEqual({ ok: false, problem: 'tooMany' });
  });
});

describe('batch names', () => {
  it('suffix later names with a dash and six characters', () => {
    expect(batchNamePattern('team')).toBe('team-xxxxxx');
  });

  it('count UTF-8 bytes', () => {
    expect(nameByteLength('abc')).toBe(3);
    expect(nameByteLength('令牌')).toBe(6);
  });

  it('check the longest name of the batch against the 30-byte limit', () => {
    const name = 'a'.repeat(23);
    expect(batchNamesFit(name, 1)).toBe(true);
    expect(batchNamesFit(name, 2)).toBe(true);
    expect(batchNamesFit(`${name}b`, 2)).toBe(false);
    expect(batchNamesFit('a'.repeat(30), 1)).toBe(true);
    expect(batchNamesFit('a'.repeat(31), 1)).toBe(false);
  });
});
