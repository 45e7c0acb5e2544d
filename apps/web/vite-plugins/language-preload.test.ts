import { runInNewContext } from 'node:vm';
import type { HtmlTagDescriptor, ResolvedConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { defaultLanguage } from '../src/i18n/language-choice';
import { languagePreload } from './language-preload';

type Handler = (html: string, context: { bundle: Record<string, unknown> }) => HtmlTagDescriptor[];

/** The inline script the plugin adds to index.html for a build with these language chunks. */
function preloadScript(): string {
  const plugin = languagePreload(defaultLanguage);
  (plugin.configResolved as (config: ResolvedConfig) => void)({ base: '/' } as ResolvedConfig);
  const chunk = (language: string) => ({
    type: 'chunk',
    fileName: `assets/bundle-${language}.js`,
    facadeModuleId: `/repo/apps/web/src/locales/${language}/bundle.ts`,
  });
  const bundle = Object.fromEntries(['zh', 'en', 'fr', 'ja'].map((l) => [l, chunk(l)]));
  const { handler } = plugin.transformIndexHtml as { handler: Handler };
  const [tag] = handler('', { bundle });
  return String(tag.children);
}

/** Runs the script in a page with this storage and these browser languages. */
function runPreload(stored: string | null, browserLanguages: string[]) {
  const links: string[] = [];
  const document = {
    documentElement: { lang: '' },
    head: { appendChild: (link: { href: string }) => links.push(link.href) },
    createElement: () => ({ rel: '', href: '' }),
  };
  runInNewContext(preloadScript(), {
    document,
    localStorage: { getItem: () => stored },
    navigator: { languages: browserLanguages },
  });
  return { lang: document.documentElement.lang, links };
}

// The script repeats chooseLanguage() (src/i18n/language-choice.ts) in a few bytes of ES5.
describe('the language preload script', () => {
  it("fetches the remembered language's texts and sets <html lang>", () => {
    expect(runPreload('en-US', ['fr-FR'])).toEqual({
      lang: 'en',
      links: ['/assets/bundle-en.js'],
    });
  });

  it("takes the browser's first console language when none is remembered", () => {
    expect(runPreload(null, ['de-DE', 'ja-JP'])).toEqual({
      lang: 'ja',
      links: ['/assets/bundle-ja.js'],
    });
    expect(runPreload('', ['fr-CA'])).toEqual({
      lang: 'fr',
      links: ['/assets/bundle-fr.js'],
    });
  });

  it('falls back to Chinese', () => {
    expect(runPreload('klingon', ['de-DE'])).toEqual({
      lang: 'zh',
      links: ['/assets/bundle-zh.js'],
    });
  });
});
