import antdLocale from 'antd/locale/fr_FR';
import 'dayjs/locale/fr';
import { languageBundle, type NamespaceModules } from '../../i18n/language-bundle';

// Every namespace file of this language goes into this module's one chunk, fetched only when
// French is the language shown.
const modules: NamespaceModules = import.meta.glob('./*.json', { eager: true });

/** French texts of the console, of antd's own components and of dates (dayjs `fr`). */
export default languageBundle(modules, antdLocale, 'fr');
