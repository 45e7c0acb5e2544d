import { describe, expect, it } from 'vitest';
import { BAD_MONTH, checkinDateAt, monthRange } from './checkin-dates.js';

describe('checkinDateAt', () => {
  // 2026-11-28 10:30 UTC.
  const instant = Date.UTC(2026, 10, 28, 10, 30);

  it('takes the day in the zone given, not in UTC', () => {
    expect(checkinDateAt(instant, 'UTC')).toBe('2026-11-28');
    expect(checkinDateAt(instant, 'Pacific/Kiritimati')).toBe('2026-11-29');
    expect(checkinDateAt(instant, 'Pacific/Pago_Pago')).toBe('2026-11-27');
    expect(checkinDateAt(Date.UTC(2026, 0, 1, 16), 'Asia/Shanghai')).toBe('2026-01-02');
    expect(checkinDateAt(Date.UTC(2026, 0, 1, 15, 59), 'Asia/Shanghai')).toBe('2026-01-01');
  });

  it('pads months and days to two digits', () => {
    expect(checkinDateAt(Date.UTC(2026, 2, 5), 'UTC')).toBe('2026-03-05');
  });
});

describe('monthRange', () => {
  it('defaults to the month of today when absent or empty', () => {
    expect(monthRange(undefined, '2026-11-28')).toEqual({
      month: '2026-11',
      first: '2026-11-01',
      last: '2026-11-31',
    });
    expect(monthRange('', '2026-11-28').month).toBe('2026-11');
  });

  it('takes a YYYY-MM month', () => {
    expect(monthRange('2025-02', '2026-11-28')).toEqual({
      month: '2025-02',
      first: '2025-02-01',
      last: '2025-02-31',
    });
    expect(monthRange('2025-12', '2026-11-28').month).toBe('2025-12');
  });

  it.each([['2025-13'], ['2025-00'], ['2025-2'], ['25-02'], ['2025-02-01'], [['2025-02']], [7]])(
    'refuses %j',
    (month) => {
      expect(() => monthRange(month, '2026-11-28')).toThrow(BAD_MONTH);
    },
  );
});
