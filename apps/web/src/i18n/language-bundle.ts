import type { Locale } from 'antd/es/locale';
import type { ResourceLanguage } from 'i18next';

/** One language of the console: its namespaces (one JSON file each) and antd's locale. */
export interface LanguageBundle {
  resources: ResourceLanguage;
  antdLocale: Locale;
}
