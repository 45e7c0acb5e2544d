import { describe, expect, it } from 'vitest';
import { dayOf, monthGrid, monthOf, shiftMonth, type CalendarCell } from './checkin-calendar';

const dayNumbers = (week: CalendarCell[]) =>
  week.map((cell) => (cell.kind === 'day' ? cell.day : 0));

describe('monthGrid', () => {
  it('starts weeks on Monday and pads both ends', () => {
    // 1 November 2026 is a Sunday.
    const weeks = monthGrid('2026-11', []);
    expect(weeks).toHaveLength(6);
    expect(dayNumbers(weeks[0]!)).toEqual([0, 0, 0, 0, 0, 0, 1]);
    expect(dayNumbers(weeks[5]!)).toEqual([30, 0, 0, 0, 0, 0, 0]);
  });

  it('knows the length of February', () => {
    const days = (month: string) =>
      monthGrid(month, [])
        .flat()
        .filter((cell) => cell.kind === 'day').length;
    expect(days('2024-02')).toBe(29);
    expect(days('2026-02')).toBe(28);
    // 1 February 2027 is a Monday: four full weeks, no padding.
    expect(monthGrid('2027-02', [])).toHaveLength(4);
  });

  it('marks the days checked in with their reward', () => {
    const cells = monthGrid('2026-11', [
      { checkin_date: '2026-11-28', quota_awarded: 1234 },
      { checkin_date: '2026-10-28', quota_awarded: 9 },
    ]).flat();
    const marked = cells.filter((cell) => cell.kind === 'day' && cell.reward !== undefined);
    expect(marked).toEqual([{ kind: 'day', date: '2026-11-28', day: 28, reward: 1234 }]);
  });
});

describe('month helpers', () => {
  it('formats local dates and moves across years', () => {
    expect(monthOf(new Date(2026, 0, 5))).toBe('2026-01');
    expect(dayOf(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
  });
});
