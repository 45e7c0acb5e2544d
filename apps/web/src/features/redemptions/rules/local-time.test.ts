import { describe, expect, it } from 'vitest';
import { formatLocalDateTime } from './local-time';

describe('local date-time', () => {
  it('formats unix seconds in local time', () => {
    const seconds = new Date(2025, 0, 2, 3, 4, 5).getTime() / 1000;
    expect(formatLocalDateTime(seconds)).toBe('2025-01-02 03:04:05');
  });

  it('is empty for 0', () => {
    expect(formatLocalDateTime(0)).toBe('');
  });
});
