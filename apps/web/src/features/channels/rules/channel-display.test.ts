import { describe, expect, it } from 'vitest';
import {
  formatBalance,
  formatSeconds,
  formatTimestamp,
  parseStatusInfo,
  responseTimeColor,
} from './channel-display';

describe('responseTimeColor', () => {
  it('follows the thresholds of the spec', () => {
    expect(responseTimeColor(0)).toBe('default');
    expect(responseTimeColor(1)).toBe('green');
    expect(responseTimeColor(1000)).toBe('green');
    expect(responseTimeColor(1001)).toBe('lime');
    expect(responseTimeColor(3000)).toBe('lime');
    expect(responseTimeColor(3001)).toBe('yellow');
    expect(responseTimeColor(5000)).toBe('yellow');
    expect(responseTimeColor(5001)).toBe('red');
  });
});

describe('formatSeconds', () => {
  it('shows seconds with two decimals', () => {
    expect(formatSeconds(1234)).toBe('1.23');
    expect(formatSeconds(0)).toBe('0.00');
  });
});

describe('parseStatusInfo', () => {
  it('reads the reason and time', () => {
    expect(parseStatusInfo('{"status_reason":"余额不足","status_time":1700000000}')).toEqual({
      reason: '余额不足',
      time: 1700000000,
    });
  });

  it('tolerates missing, empty and broken values', () => {
    expect(parseStatusInfo('')).toBeNull();
    expect(parseStatusInfo(null)).toBeNull();
    expect(parseStatusInfo('not json')).toBeNull();
    expect(parseStatusInfo('[1]')).toBeNull();
    expect(parseStatusInfo('{"status_reason":"","status_time":0}')).toBeNull();
    expect(parseStatusInfo('{"status_reason":"x","status_time":"soon"}')).toEqual({
      reason: 'x',
      time: 0,
    });
  });
});

describe('formatTimestamp and formatBalance', () => {
  it('formats local time and dollars', () => {
    expect(formatTimestamp(0)).toBe('');
    expect(formatTimestamp(1700000000)).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(formatBalance(75)).toBe('$75.00');
    expect(formatBalance(Number.NaN)).toBe('$0.00');
  });
});
