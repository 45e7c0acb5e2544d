import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { unixTimeText } from './unix-time';

describe('unixTimeText', () => {
  it('formats a set time in local time and shows the placeholder for 0', () => {
    expect(unixTimeText(1_700_000_000)).toBe(
      dayjs.unix(1_700_000_000).format('YYYY-MM-DD HH:mm:ss'),
    );
    expect(unixTimeText(0)).toBe('-');
    expect(unixTimeText(0, '—')).toBe('—');
  });
});
