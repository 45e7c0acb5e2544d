import type { Plugin } from 'vite';
import { storageKeys } from '../src/lib/storage-keys';

/** A locale bundle module (`src/locales/<language>/bundle.ts`); its language is the folder. */
const LANGUAGE_BUNDLE = /\/src\/locales\/([a-z]+)\/bundle\.ts$/;

/**
 * The console fetches the texts of one language only, after its entry has run. This adds a small
 * script to index.html that starts fetching the remembered language's chunk (the default one when
 * nothing is remembered) at once, next to the entry, instead of one round trip later.
 */
export function languagePreload(defaultLanguage: string): Plugin {
  let base = '/';
  return {
    name: 'tollgate-language-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const files: Record<string, string> = {};
        for (const chunk of Object.values(context.bundle ?? {})) {
          const match = chunk.type === 'chunk' && LANGUAGE_BUNDLE.exec(chunk.facadeModuleId ?? '');
          if (match) files[match[1]] = `${base}${chunk.fileName}`;
        }
        if (!files[defaultLanguage]) return undefined;
        // Same choice as storedLanguage() in src/i18n/i18n.ts: the stored value or its base.
        const script =
          `(function(){try{var f=${JSON.stringify(files)};` +
          `var s=localStorage.getItem(${JSON.stringify(storageKeys.language)})||'';` +
          `var l=f[s]?s:f[s.split('-')[0]]?s.split('-')[0]:${JSON.stringify(defaultLanguage)};` +
          `var k=document.createElement('link');k.rel='modulepreload';k.href=f[l];` +
          `document.head.appendChild(k)}catch(e){}})()`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}
