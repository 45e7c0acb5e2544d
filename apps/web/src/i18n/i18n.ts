import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, writeString } from '../lib/local-store';
import { storageKeys } from '../lib/storage-keys';

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
] as const;

type LocaleModule = { default: ResourceLanguage[string] };

// Chinese ships with the first screen (it is also the fallback); English is fetched on demand.
const chineseModules = import.meta.glob<LocaleModule>('../locales/zh/*.json', { eager: true });
const englishLoaders = import.meta.glob<LocaleModule>('../locales/en/*.json');

function namespaceOf(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1, -'.json'.length);
}

function chineseResources(): Resource {
  const bundle: ResourceLanguage = {};
  for (const [path, module] of Object.entries(chineseModules)) {
    bundle[namespaceOf(path)] = module.default;
  }
  return { zh: bundle };
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
  if (language === 'zh' || i18next.hasResourceBundle(language, 'common')) return;
  const entries = Object.entries(englishLoaders);
  const modules = await Promise.all(entries.map(([, load]) => load()));
  entries.forEach(([path], index) => {
    i18next.addResourceBundle(language, namespaceOf(path), modules[index].default, true, true);
  });
}

export const i18n = i18next;

/** Initialises i18next with the remembered language (loading its files first when needed). */
export async function initI18n(): Promise<void> {
  const language = storedLanguage();
  await i18next.use(initReactI18next).init({
    resources: chineseResources(),
    lng: defaultLanguage,
    fallbackLng: defaultLanguage,
    supportedLngs: [...languages],
    ns: [...namespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  if (language !== defaultLanguage) await changeLanguage(language);
  document.documentElement.lang = i18next.language;
}

/** Switches the language, remembers it, and tells an embedded home/about frame. */
export async function changeLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18next.changeLanguage(language);
  writeString(storageKeys.language, language);
  document.documentElement.lang = language;
}
