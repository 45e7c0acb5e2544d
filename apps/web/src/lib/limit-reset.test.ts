import { describe, expect, it } from 'vitest';
import { resetDistance, usedPercent } from './limit-reset';

describe('limit reset distance', () => {
  it('rounds up in the largest unit that fits', () => {
    expect(resetDistance(1030, 1000)).toEqual({ unit: 'seconds', count: 30 });
    expect(resetDistance(1061, 1000)).toEqual({ unit: 'minutes', count: 2 });
    expect(resetDistance(1000 + 3 * 3600, 1000)).toEqual({ unit: 'hours', count: 3 });
    expect(resetDistance(1000 + 86400 * 6 + 1, 1000)).toEqual({ unit: 'days', count: 7 });
  });

  it('has none for concurrency (0) or a window that has passed', () => {
    expect(resetDistance(0, 1000)).toBeUndefined();
    expect(resetDistance(999, 1000)).toBeUndefined();
  });

  it('caps the share used at 0–100', () => {
    expect(usedPercent(30, 60)).toBe(50);
    expect(usedPercent(90, 60)).toBe(100);
    expect(usedPercent(1, 0)).toBe(100);
  });
});
