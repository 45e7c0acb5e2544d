import { describe, expect, it } from 'vitest';
import { publishedLocale, syncSource } from './sync-source.js';

describe('official metadata source', () => {
  it.each([
    ['zh-CN', 'zh-CN'],
    ['zh-cn', 'zh-CN'],
    ['ZH_tw', 'zh-TW'],
    ['EN', 'en'],
    ['ja', 'ja'],
    ['fr', ''],
    ['', ''],
  ])('locale %j reads the %j files', (requested, locale) => {
    expect(publishedLocale(requested)).toBe(locale);
  });

  it('names the translated files of a published locale and the plain ones otherwise', () => {
    expect(syncSource('https://meta.example', 'zh-cn')).toEqual({
      locale: 'zh-CN',
      models_url: 'https://meta.example/api/i18n/zh-CN/newapi/models.json',
      vendors_url: 'https://meta.example/api/i18n/zh-CN/newapi/vendors.json',
    });
    expect(syncSource('https://meta.example', 'de')).toEqual({
      locale: '',
      models_url: 'https://meta.example/api/newapi/models.json',
      vendors_url: 'https://meta.example/api/newapi/vendors.json',
    });
  });
});
