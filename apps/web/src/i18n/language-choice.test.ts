import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import {
  acceptLanguageOf,
  chooseLanguage,
  i18nextFallbacks,
  languageOfTag,
} from './language-choice';

describe('the language shown', () => {
  it('is the remembered one, an i18next-style tag selecting its base language', () => {
    expect(chooseLanguage('fr', ['ja-JP'])).toBe('fr');
    expect(chooseLanguage('en-US', ['zh-CN'])).toBe('en');
    expect(chooseLanguage('ja', [])).toBe('ja');
  });

  it("is else the browser's first language the console has", () => {
    expect(chooseLanguage(null, ['fr-CA', 'en-US'])).toBe('fr');
    expect(chooseLanguage(null, ['ja-JP'])).toBe('ja');
    expect(chooseLanguage('', ['de-DE', 'ja', 'en'])).toBe('ja');
    expect(chooseLanguage('klingon', ['en-GB'])).toBe('en');
    expect(chooseLanguage(undefined, ['zh-TW'])).toBe('zh');
  });

  it('is Chinese when neither names a language of the console', () => {
    expect(chooseLanguage(null, [])).toBe('zh');
    expect(chooseLanguage('de', ['de-DE', 'es'])).toBe('zh');
  });

  it('reads tags case-insensitively and only by their base language', () => {
    expect(languageOfTag('FR-fr')).toBe('fr');
    expect(languageOfTag('jav')).toBeUndefined();
    expect(languageOfTag(undefined)).toBeUndefined();
  });
});

describe("the console's Accept-Language", () => {
  it('names Chinese and English alone, and ranks English after French and Japanese', () => {
    expect(acceptLanguageOf('zh')).toBe('zh');
    expect(acceptLanguageOf('en')).toBe('en');
    expect(acceptLanguageOf('fr')).toBe('fr,en;q=0.9');
    expect(acceptLanguageOf('ja')).toBe('ja,en;q=0.9');
  });
});

describe('a text missing in the language shown', () => {
  const resources = {
    zh: { common: { greeting: '你好', farewell: '再见', newest: '新' } },
    en: { common: { greeting: 'Hello', farewell: 'Goodbye' } },
    fr: { common: { greeting: 'Bonjour' } },
    ja: { common: {} },
  };

  async function textIn(language: string, key: string): Promise<string> {
    const instance = i18next.createInstance();
    await instance.init({ resources, lng: language, fallbackLng: i18nextFallbacks() });
    return instance.t(key, { ns: 'common' });
  }

  it('is shown in English for French and Japanese', async () => {
    expect(await textIn('fr', 'greeting')).toBe('Bonjour');
    expect(await textIn('fr', 'farewell')).toBe('Goodbye');
    expect(await textIn('ja', 'greeting')).toBe('Hello');
  });

  it('is shown in Chinese for English, as before', async () => {
    expect(await textIn('en', 'greeting')).toBe('Hello');
    expect(await textIn('en', 'newest')).toBe('新');
  });
});
