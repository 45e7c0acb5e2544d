import antdLocale from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import { languageBundle, type NamespaceModules } from '../../i18n/language-bundle';

// Every namespace file of this language goes into this module's one chunk, fetched only when
// Chinese is the language shown.
const modules: NamespaceModules = import.meta.glob('./*.json', { eager: true });

/** Chinese texts of the console, of antd's own components and of dates (dayjs `zh-cn`). */
export default languageBundle(modules, antdLocale, 'zh-cn');
