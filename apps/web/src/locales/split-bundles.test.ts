import { describe, expect, it } from 'vitest';
import { firstLoadNamespaces, namespaces } from '../i18n/i18n';
import zh from './zh/bundle';
import en from './en/bundle';
import fr from './fr/bundle';
import ja from './ja/bundle';
import zhConsole from './zh/console-bundle';
import enConsole from './en/console-bundle';
import frConsole from './fr/console-bundle';
import jaConsole from './ja/console-bundle';

const languages = {
  zh: [zh, zhConsole],
  en: [en, enConsole],
  fr: [fr, frConsole],
  ja: [ja, jaConsole],
};

/**
 * Each language's texts come in two chunks: the first load's namespaces (bundle.ts, with antd's
 * locale) and the console screens' (console-bundle.ts). Their file lists are written out in each
 * bundle; this keeps them and i18n's `firstLoadNamespaces` in step, every namespace in exactly one.
 */
describe.each(Object.entries(languages))('the %s text chunks', (_, [first, rest]) => {
  it('hold the first load’s namespaces first, every other one in the console chunk, none twice', () => {
    expect(Object.keys(first.resources).sort()).toEqual([...firstLoadNamespaces].sort());
    const consoleNamespaces = namespaces.filter((name) => !firstLoadNamespaces.includes(name));
    expect(Object.keys(rest.resources).sort()).toEqual([...consoleNamespaces].sort());
  });
});
