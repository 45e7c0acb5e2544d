import antdLocale from 'antd/locale/ja_JP';
import 'dayjs/locale/ja';
import { languageBundle, type NamespaceModules } from '../../i18n/language-bundle';

// The namespaces of the first load (sign-in, setup, home and the shell) go into this module's
// chunk, fetched only when Japanese is the language shown; the console screens' namespaces are in
// console-bundle.ts, fetched with the first console screen (a fixed list: both must be edited
// together, split-bundles.test.ts checks they cover every namespace once). The glob takes whichever namespace files exist; while some are
// missing, English is fetched too and fills them in (loadLanguage in i18n/i18n.ts).
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

/** Japanese texts of the console, of antd's own components and of dates (dayjs `ja`). */
export default languageBundle(modules, antdLocale, 'ja');
