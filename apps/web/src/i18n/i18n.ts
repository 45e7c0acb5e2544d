import type { Locale } from 'antd/es/locale';
import dayjs from 'dayjs';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readString, writeString } from '../lib/local-store';
import { storageKeys } from '../lib/storage-keys';
import { missingNamespaces, type LanguageBundle, type TextBundle } from './language-bundle';
import {
  chooseLanguage,
  fallbackLanguages,
  i18nextFallbacks,
  isLanguage,
  languages,
  type Language,
} from './language-choice';

export { isLanguage, languages, defaultLanguage, type Language } from './language-choice';

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
  'passkeys',
  'tasks',
  'limits',
  'models',
  'subscriptions',
] as const;

/**
 * The namespaces of the first load: the sign-in, registration, setup and home pages and the
 * shell. Each language's `bundle.ts` holds these (with antd's locale); its `console-bundle.ts` the
 * rest, fetched with the first console screen (`withConsoleTexts`), so the pages a visitor sees
 * first carry none of the console's texts.
 */
export const firstLoadNamespaces: readonly Namespace[] = [
  'common',
  'errors',
  'shell',
  'auth',
  'setup',
  'content',
  'twoFactor',
  'passkeys',
];
export type Namespace = (typeof namespaces)[number];
const consoleNamespaces = namespaces.filter(
  (namespace) => !firstLoadNamespaces.includes(namespace),
);

// Only the language shown is fetched: its first-load chunk (with antd's locale), then its console
// chunk once a console screen opens.
const bundleLoaders: Record<Language, () => Promise<{ default: LanguageBundle }>> = {
  zh: () => import('../locales/zh/bundle'),
  en: () => import('../locales/en/bundle'),
  fr: () => import('../locales/fr/bundle'),
  ja: () => import('../locales/ja/bundle'),
};
const consoleLoaders: Record<Language, () => Promise<{ default: TextBundle }>> = {
  zh: () => import('../locales/zh/console-bundle'),
  en: () => import('../locales/en/console-bundle'),
  fr: () => import('../locales/fr/console-bundle'),
  ja: () => import('../locales/ja/console-bundle'),
};
const loadedBundles = new Map<Language, LanguageBundle>();
const loadedConsoleTexts = new Map<Language, Promise<void>>();
/** Set once a console screen asked for its texts: a language switch then fetches them too. */
let consoleTextsWanted = false;

/** antd's locale for a language already loaded (antd's own English until then). */
export function antdLocaleOf(language: string): Locale | undefined {
  return isLanguage(language) ? loadedBundles.get(language)?.antdLocale : undefined;
}

/** The remembered language, else the browser's (when the console has it), else Chinese. */
export function storedLanguage(): Language {
  // `languages` lists the browser's choices in order; older browsers have only `language`.
  const browserLanguages = navigator.languages ?? [navigator.language];
  return chooseLanguage(readString(storageKeys.language), browserLanguages);
}

async function loadBundle(language: Language): Promise<LanguageBundle> {
  const loaded = loadedBundles.get(language);
  if (loaded) return loaded;
  const { default: bundle } = await bundleLoaders[language]();
  for (const [namespace, resources] of Object.entries(bundle.resources)) {
    i18next.addResourceBundle(language, namespace, resources, true, true);
  }
  loadedBundles.set(language, bundle);
  return bundle;
}

/** A language's console texts (and its fallback's, when it is short of files), fetched once. */
function loadConsoleTextsOf(language: Language): Promise<void> {
  let loading = loadedConsoleTexts.get(language);
  if (!loading) {
    loading = consoleLoaders[language]().then(async ({ default: bundle }) => {
      for (const [namespace, resources] of Object.entries(bundle.resources)) {
        i18next.addResourceBundle(language, namespace, resources, true, true);
      }
      const fallback = fallbackLanguages[language];
      if (fallback && missingNamespaces(bundle, consoleNamespaces).length > 0) {
        await loadConsoleTextsOf(fallback);
      }
    });
    // A failed fetch (a deploy replaced the chunk) is tried again by the next screen.
    loading.catch(() => loadedConsoleTexts.delete(language));
    loadedConsoleTexts.set(language, loading);
  }
  return loading;
}

/** The console screens' texts in the language shown; resolves once they are there. */
export function loadConsoleTexts(): Promise<void> {
  consoleTextsWanted = true;
  const language = isLanguage(i18next.language) ? i18next.language : storedLanguage();
  return loadConsoleTextsOf(language);
}

/** A lazy screen's module, resolved once the console's texts are there too. */
export async function withConsoleTexts<Module>(module: Promise<Module>): Promise<Module> {
  const [loaded] = await Promise.all([module, loadConsoleTexts()]);
  return loaded;
}

/**
 * A language's texts. One still short of namespace files (a language being translated) also
 * gets the texts of its fallback language, so those screens show English rather than keys; a
 * complete one costs no second fetch (locales.test.ts holds every file to every English key).
 */
async function loadLanguage(language: Language): Promise<void> {
  const bundle = await loadBundle(language);
  const fallback = fallbackLanguages[language];
  if (fallback && missingNamespaces(bundle, firstLoadNamespaces).length > 0) {
    await loadBundle(fallback);
  }
  if (consoleTextsWanted) await loadConsoleTextsOf(language);
}

/** Dates (antd's pickers, formatted month and weekday names) in the language shown. */
function showDatesIn(language: Language): void {
  dayjs.locale(loadedBundles.get(language)?.dayjsLocale ?? 'en');
}

export const i18n = i18next;

/** Initialises i18next with the remembered language, whose texts are fetched before it resolves. */
export async function initI18n(): Promise<void> {
  const language = storedLanguage();
  await i18next.use(initReactI18next).init({
    // Filled by loadLanguage below; declaring it keeps i18next from looking for a backend.
    resources: {},
    lng: language,
    fallbackLng: i18nextFallbacks(),
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
