import { textBundle, type NamespaceModules } from '../../i18n/language-bundle';

// The console screens' namespaces (every file but the first load's, listed in bundle.ts), in a
// chunk of their own: the sign-in and home pages never fetch it.
const modules: NamespaceModules = import.meta.glob(
  [
    './*.json',
    '!./common.json',
    '!./errors.json',
    '!./shell.json',
    '!./auth.json',
    '!./setup.json',
    '!./content.json',
    '!./twoFactor.json',
    '!./passkeys.json',
  ],
  { eager: true },
);

export default textBundle(modules);
