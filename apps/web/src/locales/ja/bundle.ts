import antdLocale from 'antd/locale/ja_JP';
import 'dayjs/locale/ja';
import { languageBundle, type NamespaceModules } from '../../i18n/language-bundle';

// Every namespace file of this language goes into this module's one chunk, fetched only when
// Japanese is the language shown. The glob takes whichever namespace files exist; while some are
// missing, English is fetched too and fills them in (loadLanguage in i18n/i18n.ts).
const modules: NamespaceModules = import.meta.glob('./*.json', { eager: true });

/** Japanese texts of the console, of antd's own components and of dates (dayjs `ja`). */
export default languageBundle(modules, antdLocale, 'ja');
