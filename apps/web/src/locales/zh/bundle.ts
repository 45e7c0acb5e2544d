import antdLocale from 'antd/locale/zh_CN';
import 'dayjs/locale/zh-cn';
import { languageBundle, type NamespaceModules } from '../../i18n/language-bundle';

// The namespaces of the first load (sign-in, setup, home and the shell) go into this module's
// chunk, fetched only when Chinese is the language shown; the console screens' namespaces are in
// console-bundle.ts, fetched with the first console screen (a fixed list: both must be edited
// together, split-bundles.test.ts checks they cover every namespace once).
const modules: NamespaceModules = import.meta.glob(
  [
    './common.json',
    './errors.json',
    './shell.json',
    './auth.json',
    './setup.json',
    './content.json',
    './twoFactor.json',
    './passkeys.json',
  ],
  { eager: true },
);

/** Chinese texts of the console, of antd's own components and of dates (dayjs `zh-cn`). */
export default languageBundle(modules, antdLocale, 'zh-cn');
