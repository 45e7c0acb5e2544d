import antdLocale from 'antd/locale/en_US';
import { languageBundle, type NamespaceModules } from '../../i18n/language-bundle';

// Every namespace file of this language goes into this module's one chunk, fetched only when
// English is the language shown.
const modules: NamespaceModules = import.meta.glob('./*.json', { eager: true });

/** English texts of the console, of antd's own components and of dates (dayjs's built-in `en`). */
export default languageBundle(modules, antdLocale, 'en');
