import type { Locale } from 'antd/es/locale';
import type { ResourceLanguage } from 'i18next';

/**
 * One language of the console: its namespaces (one JSON file each), antd's locale, and the dayjs
 * locale (registered by the bundle) whose month and weekday names antd's date pickers show.
 */
export interface LanguageBundle {
  resources: ResourceLanguage;
  antdLocale: Locale;
  dayjsLocale: string;
}

/** The namespace files of one language, as `import.meta.glob('./*.json', { eager: true })` gives them. */
export type NamespaceModules = Record<string, { default: ResourceLanguage[string] }>;

/** Namespaces of a language without antd's or dayjs's parts (the console screens' texts). */
export interface TextBundle {
  resources: ResourceLanguage;
}

/** Each `./<namespace>.json` under its namespace. */
export function textBundle(modules: NamespaceModules): TextBundle {
  const bundle: TextBundle = { resources: {} };
  for (const [path, module] of Object.entries(modules)) {
    bundle.resources[path.slice(2, -'.json'.length)] = module.default;
  }
  return bundle;
}

/** A language's bundle: each `./<namespace>.json` under its namespace, with antd's locale. */
export function languageBundle(
  modules: NamespaceModules,
  antdLocale: Locale,
  dayjsLocale: string,
): LanguageBundle {
  return { ...textBundle(modules), antdLocale, dayjsLocale };
}

/** The namespaces a bundle has no file for (all of them for a language whose files are not written). */
export function missingNamespaces(bundle: TextBundle, namespaces: readonly string[]): string[] {
  return namespaces.filter((namespace) => !(namespace in bundle.resources));
}
