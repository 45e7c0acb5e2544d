import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import zh from './zh/bundle';
import en from './en/bundle';
import fr from './fr/bundle';
import ja from './ja/bundle';

// 2026-11-28 is a Saturday in November.
const SATURDAY = Date.UTC(2026, 10, 28, 12);

describe("each language's dates", () => {
  it('come with a dayjs locale the bundle registers, so pickers name months and days in it', () => {
    expect(dayjs(SATURDAY).locale(zh.dayjsLocale).format('MMMM dddd')).toBe('十一月 星期六');
    expect(dayjs(SATURDAY).locale(en.dayjsLocale).format('MMMM dddd')).toBe('November Saturday');
    expect(dayjs(SATURDAY).locale(fr.dayjsLocale).format('MMMM dddd')).toBe('novembre samedi');
    expect(dayjs(SATURDAY).locale(ja.dayjsLocale).format('MMMM dddd')).toBe('11月 土曜日');
  });
});
