import type { Plugin } from 'vite';
import { storageKeys } from '../src/lib/storage-keys';

/** A locale bundle module (`src/locales/<language>/bundle.ts`); its language is the folder. */
const LANGUAGE_BUNDLE = /\/src\/locales\/([a-z]+)\/bundle\.ts$/;

/**
 * The console fetches the texts of one language only, after its entry has run. This adds a small
 * script to index.html that starts fetching the chosen language's chunk at once, next to the
 * entry, instead of one round trip later, and sets `<html lang>` to that language.
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
        // Same choice as chooseLanguage() in src/i18n/language-choice.ts: the stored value or its
        // base, else the first browser language the console has, else the default.
        const script =
          `(function(){try{var f=${JSON.stringify(files)};` +
          `var c=function(t){t=(t||'').toLowerCase().split('-')[0];return f[t]?t:''};` +
          `var l=c(localStorage.getItem(${JSON.stringify(storageKeys.language)}));` +
          `var n=navigator.languages||[];for(var i=0;!l&&i<n.length;i++)l=c(n[i]);` +
          `l=l||${JSON.stringify(defaultLanguage)};document.documentElement.lang=l;` +
          `var k=document.createElement('link');k.rel='modulepreload';k.href=f[l];` +
          `document.head.appendChild(k)}catch(e){}})()`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}
