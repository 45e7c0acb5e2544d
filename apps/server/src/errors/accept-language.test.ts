import { describe, expect, it } from 'vitest';
import { languagesByPreference, prefersEnglishOverChinese } from './accept-language.js';

describe('Accept-Language', () => {
  it('ranks tags by quality, keeping the header order among equals', () => {
    expect(languagesByPreference('en;q=0.5, zh-TW;q=0.7, de, fr;q=0')).toEqual([
      'de',
      'zh-tw',
      'en',
    ]);
    expect(languagesByPreference(['zh', 'EN'])).toEqual(['zh', 'en']);
    expect(languagesByPreference(undefined)).toEqual([]);
    expect(languagesByPreference('en;q=x')).toEqual([]);
  });

  it('prefers English over Chinese only when English ranks above any Chinese', () => {
    expect(prefersEnglishOverChinese('en')).toBe(true);
    expect(prefersEnglishOverChinese('en-US,en;q=0.9,zh-CN;q=0.8')).toBe(true);
    expect(prefersEnglishOverChinese('de-DE,de;q=0.9,en;q=0.8')).toBe(true);
    // Tollgate's console in French or Japanese, whose messages the server has only in English.
    expect(prefersEnglishOverChinese('fr,en;q=0.9')).toBe(true);
    expect(prefersEnglishOverChinese('ja,en;q=0.9')).toBe(true);
    expect(prefersEnglishOverChinese('zh')).toBe(false);
    expect(prefersEnglishOverChinese('zh-CN,zh;q=0.9,en;q=0.8')).toBe(false);
    expect(prefersEnglishOverChinese('en;q=0.5, zh-TW;q=0.7')).toBe(false);
    // Absent, a wildcard or neither language: today's (Chinese) messages.
    expect(prefersEnglishOverChinese(undefined)).toBe(false);
    expect(prefersEnglishOverChinese('')).toBe(false);
    expect(prefersEnglishOverChinese('*')).toBe(false);
    expect(prefersEnglishOverChinese('fr')).toBe(false);
    expect(prefersEnglishOverChinese('eng')).toBe(false);
  });
});
