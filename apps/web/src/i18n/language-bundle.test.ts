import type { Locale } from 'antd/es/locale';
import { describe, expect, it } from 'vitest';
import { languageBundle, missingNamespaces } from './language-bundle';

const antdLocale = { locale: 'xx' } as Locale;

describe('a language bundle', () => {
  it('holds each namespace file under its name', () => {
    const bundle = languageBundle(
      { './common.json': { default: { ok: 'OK' } }, './shell.json': { default: {} } },
      antdLocale,
      'xx',
    );
    expect(Object.keys(bundle.resources)).toEqual(['common', 'shell']);
    expect(bundle.resources.common).toEqual({ ok: 'OK' });
  });

  it('names the namespaces it has no file for', () => {
    const partial = languageBundle({ './common.json': { default: {} } }, antdLocale, 'xx');
    expect(missingNamespaces(partial, ['common', 'shell', 'auth'])).toEqual(['shell', 'auth']);
    const empty = languageBundle({}, antdLocale, 'xx');
    expect(missingNamespaces(empty, ['common'])).toEqual(['common']);
    expect(missingNamespaces(partial, ['common'])).toEqual([]);
  });
});
