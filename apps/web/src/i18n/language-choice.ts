/**
 * Which languages the console has and which one a visitor sees. Kept free of i18next and the DOM
 * so that the choice can be tested alone; `vite-plugins/language-preload.ts` repeats it in the
 * small script that starts fetching the chosen language's texts from index.html.
 */

/** Languages of the console, in the order the language menu lists them; Chinese is the default. */
export const languages = ['zh', 'en', 'fr', 'ja'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'zh';

/**
 * Where a text missing in a language is taken from. French and Japanese fall back to English
 * (their readers are likelier to read it than Chinese); English and Chinese keep the default.
 */
export const fallbackLanguages: Partial<Record<Language, Language>> = { fr: 'en', ja: 'en' };

/** i18next's `fallbackLng` for `fallbackLanguages`: each language's list, else the default. */
export function i18nextFallbacks(): Record<string, string[]> {
  const lists = Object.entries(fallbackLanguages).map(([language, fallback]) => [
    language,
    [fallback],
  ]);
  return { ...Object.fromEntries(lists), default: [defaultLanguage] };
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The console language a tag names (`fr`, `fr-CA`, `ZH-cn`), or undefined. */
export function languageOfTag(tag: string | null | undefined): Language | undefined {
  const base = tag?.trim().toLowerCase().split('-')[0];
  return isLanguage(base) ? base : undefined;
}

/**
 * The language to show: the remembered one (i18next-style values such as `en-US` select their
 * base language), else the first of the browser's languages the console has (`fr-*` → French,
 * `ja-*` → Japanese, …), else Chinese.
 */
export function chooseLanguage(
  stored: string | null | undefined,
  browserLanguages: readonly string[],
): Language {
  const remembered = languageOfTag(stored);
  if (remembered) return remembered;
  for (const tag of browserLanguages) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return defaultLanguage;
}

/**
 * The `Accept-Language` the console sends: its language, with English next for languages the
 * server has no messages in (it words them in Chinese and English only, and answers Chinese
 * unless English ranks above it).
 */
export function acceptLanguageOf(language: Language): string {
  const fallback = fallbackLanguages[language];
  return fallback ? `${language},${fallback};q=0.9` : language;
}
