import { describe, expect, it } from 'vitest';
import { parseInteger, parsePriority, parseWeight, tagPriority, tagWeight } from './numbers';

describe('parseInteger', () => {
  it('parses like parseInt and truncates numbers', () => {
    expect(parseInteger('12')).toBe(12);
    expect(parseInteger(' -3 ')).toBe(-3);
    expect(parseInteger('7.9')).toBe(7);
    expect(parseInteger(7.9)).toBe(7);
    expect(parseInteger('')).toBeNull();
    expect(parseInteger('abc')).toBeNull();
    expect(parseInteger(null)).toBeNull();
    expect(parseInteger(Number.NaN)).toBeNull();
  });
});

describe('parsePriority and parseWeight', () => {
  it('keeps negative priorities', () => {
    expect(parsePriority('-5')).toBe(-5);
    expect(parsePriority(10)).toBe(10);
  });

  it('turns a negative weight into 0', () => {
    expect(parseWeight('-5')).toBe(0);
    expect(parseWeight(3)).toBe(3);
    expect(parseWeight('')).toBeNull();
  });
});

describe('tag-level numbers', () => {
  it('needs an integer priority', () => {
    expect(tagPriority('3')).toBe(3);
    expect(tagPriority(-2)).toBe(-2);
    expect(tagPriority('1.5')).toBeNull();
    expect(tagPriority('')).toBeNull();
    expect(tagPriority(undefined)).toBeNull();
  });

  it('needs a non-negative integer weight', () => {
    expect(tagWeight('0')).toBe(0);
    expect(tagWeight(4)).toBe(4);
    expect(tagWeight(-1)).toBeNull();
    expect(tagWeight('x')).toBeNull();
    expect(tagWeight(2.5)).toBeNull();
  });
});
