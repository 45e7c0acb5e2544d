import { describe, expect, it } from 'vitest';
import {
  expiryShortcuts,
  expiryTextAfter,
  expiryTextOf,
  formatLocalDateTime,
  parseExpiryText,
} from './expiry';

describe('token expiry', () => {
  it('offers never, one hour, one day and one month (30 days)', () => {
    expect(expiryShortcuts.map((shortcut) => [shortcut.key, shortcut.seconds])).toEqual([
      ['never', 0],
      ['hour', 3600],
      ['day', 86400],
      ['month', 2592000],
    ]);
  });

  it('turns never into an empty text and -1', () => {
    expect(expiryTextOf(-1)).toBe('');
    expect(expiryTextAfter(Date.now(), 0)).toBe('');
    expect(parseExpiryText('')).toBe(-1);
    expect(parseExpiryText('  ')).toBe(-1);
    expect(parseExpiryText('-1')).toBe(-1);
  });

  it('round-trips a stored expiry through the form text', () => {
    const seconds = Math.floor(new Date(2031, 4, 6, 7, 8, 9).getTime() / 1000);
    expect(expiryTextOf(seconds)).toBe('2031-05-06 07:08:09');
    expect(parseExpiryText(expiryTextOf(seconds))).toBe(seconds);
  });

  it('adds the shortcut span to now', () => {
    const now = new Date(2030, 0, 31, 23, 30, 0).getTime();
    expect(expiryTextAfter(now, 3600)).toBe('2030-02-01 00:30:00');
    expect(expiryTextAfter(now, 30 * 86400)).toBe('2030-03-02 23:30:00');
  });

  it('reads local date-times with or without seconds, and date-only text', () => {
    expect(parseExpiryText('2030-01-02 03:04')).toBe(new Date(2030, 0, 2, 3, 4).getTime() / 1000);
    expect(parseExpiryText('2030-01-02T03:04:05')).toBe(
      new Date(2030, 0, 2, 3, 4, 5).getTime() / 1000,
    );
    expect(parseExpiryText('2030-01-02')).toBe(new Date(2030, 0, 2).getTime() / 1000);
  });

  it('rejects text that is not a date', () => {
    expect(parseExpiryText('tomorrow')).toBeNull();
    expect(parseExpiryText('2030-02-30 00:00:00')).toBeNull();
    expect(parseExpiryText('2030-01-01 25:00:00')).toBeNull();
  });

  it('formats with zero padding', () => {
    expect(formatLocalDateTime(new Date(2030, 8, 3, 4, 5, 6).getTime() / 1000)).toBe(
      '2030-09-03 04:05:06',
    );
  });
});
