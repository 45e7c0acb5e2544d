import antdLocale from 'antd/locale/en_US';
import { languageBundle, type NamespaceModules } from '../../i18n/language-bundle';

// The namespaces of the first load (sign-in, setup, home and the shell) go into this module's
// chunk, fetched only when English is the language shown; the console screens' namespaces are in
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

/** English texts of the console, of antd's own components and of dates (dayjs's built-in `en`). */
export default languageBundle(modules, antdLocale, 'en');
