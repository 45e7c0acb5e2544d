import antdLocale from 'antd/locale/zh_CN';
import type { LanguageBundle } from '../../i18n/language-bundle';

// Every namespace file of this language goes into this module's one chunk, fetched only when
// Chinese is the language shown.
const modules = import.meta.glob<{ default: LanguageBundle['resources'][string] }>('./*.json', {
  eager: true,
});

/** Chinese texts of the console and of antd's own components. */
const bundle: LanguageBundle = { resources: {}, antdLocale };
for (const [path, module] of Object.entries(modules)) {
  bundle.resources[path.slice(2, -'.json'.length)] = module.default;
}

export default bundle;
