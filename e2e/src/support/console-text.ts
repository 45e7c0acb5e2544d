import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const localesDirectory = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../apps/web/src/locales',
);

/** Languages the console ships; Chinese is its default. */
export type ConsoleLanguage = 'zh' | 'en' | 'fr' | 'ja';

const cache = new Map<string, unknown>();

function namespaceFile(language: ConsoleLanguage, namespace: string): unknown {
  const file = path.join(localesDirectory, language, `${namespace}.json`);
  let parsed = cache.get(file);
  if (parsed === undefined) {
    parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    cache.set(file, parsed);
  }
  return parsed;
}

/**
 * The console's own text for `namespace:dotted.key` in one language, read from the locale files the
 * console is built from, so that the variant screens can be waited for in either language.
 */
export function consoleText(language: ConsoleLanguage, key: string): string {
  const [namespace, dottedPath] = key.split(':');
  let value: unknown = namespaceFile(language, namespace);
  for (const part of dottedPath.split('.')) {
    value =
      typeof value === 'object' && value !== null
        ? (value as Record<string, unknown>)[part]
        : undefined;
  }
  if (typeof value !== 'string') throw new Error(`no ${language} text for ${key}`);
  return value;
}

/** `{{name}}` placeholders of a console text filled in, as i18next does. */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name]));
}
