import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, writeString } from '../lib/local-store';
import { storageKeys } from '../lib/storage-keys';
import type { LanguageBundle } from './language-bundle';

/** Languages of the console; Chinese is the default and the fallback. */
export const languages = ['zh', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'zh';

/** One JSON file per namespace under `locales/<language>/`. */
export const namespaces = [
  'common',
  'errors',
  'shell',
  'auth',
  'setup',
  'users',
  'personal',
  'content',
  'channels',
  'tokens',
  'logs',
  'dashboard',
  'pricing',
  'playground',
  'chat',
  'settings',
  'wallet',
  'redemptions',
  'twoFactor',
  'tasks',
  'limits',
] as const;

// Only the language shown is fetched: each one is a single chunk with antd's locale in it.
const bundleLoaders: Record<Language, () => Promise<{ default: LanguageBundle }>> = {
  zh: () => import('../locales/zh/bundle'),
  en: () => import('../locales/en/bundle'),
};
const antdLocales = new Map<Language, Locale>();
const dayjsLocales = new Map<Language, string>();

/** antd's locale for a language already loaded (antd's own English until then). */
export function antdLocaleOf(language: string): Locale | undefined {
  return isLanguage(language) ? antdLocales.get(language) : undefined;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The remembered language, or Chinese. */
export function storedLanguage(): Language {
  const stored = readString(storageKeys.language);
  if (isLanguage(stored)) return stored;
  // i18next-style values such as `en-US` still select the base language.
  const base = stored?.split('-')[0];
  return isLanguage(base) ? base : defaultLanguage;
}

async function loadLanguage(language: Language): Promise<void> {
  if (antdLocales.has(language)) return;
  const { default: bundle } = await bundleLoaders[language]();
  for (const [namespace, resources] of Object.entries(bundle.resources)) {
    i18next.addResourceBundle(language, namespace, resources, true, true);
  }
  antdLocales.set(language, bundle.antdLocale);
  dayjsLocales.set(language, bundle.dayjsLocale);
}

/** Dates (antd's pickers, formatted month and weekday names) in the language shown. */
function showDatesIn(language: Language): void {
  dayjs.locale(dayjsLocales.get(language) ?? 'en');
}

export const i18n = i18next;

/** Initialises i18next with the remembered language, whose texts are fetched before it resolves. */
export async function initI18n(): Promise<void> {
  const language = storedLanguage();
  await i18next.use(initReactI18next).init({
    // Filled by loadLanguage below; declaring it keeps i18next from looking for a backend.
    resources: {},
    lng: language,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    ns: [...namespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadLanguage(language);
  showDatesIn(language);
  document.documentElement.lang = i18next.language;
}

/** Switches the language, remembers it, and tells an embedded home/about frame. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  showDatesIn(language);
  await i18next.changeLanguage(language);
  writeString(storageKeys.language, language);
  document.documentElement.lang = language;
}
