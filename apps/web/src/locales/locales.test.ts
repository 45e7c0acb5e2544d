import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const localesDir = fileURLToPath(new URL('.', import.meta.url));
const languages = ['zh', 'en'] as const;

function jsonFiles(language: string): string[] {
  return readdirSync(join(localesDir, language))
    .filter((name) => name.endsWith('.json'))
    .sort();
}

/** Flattens a translation file to `a.b.c -> text`; non-text leaves are reported as errors. */
function flatten(
  value: unknown,
  prefix = '',
  into = new Map<string, string>(),
): Map<string, string> {
  if (typeof value === 'string') {
    into.set(prefix, value);
    return into;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${prefix || '(root)'} is neither text nor an object`);
  }
  for (const [key, child] of Object.entries(value)) {
    flatten(child, prefix ? `${prefix}.${key}` : key, into);
  }
  return into;
}

function load(language: string, file: string): Map<string, string> {
  const parsed: unknown = JSON.parse(readFileSync(join(localesDir, language, file), 'utf8'));
  return flatten(parsed);
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();
}

describe('translation files', () => {
  it('exist with the same names in every language', () => {
    expect(jsonFiles('en')).toEqual(jsonFiles('zh'));
    expect(jsonFiles('zh').length).toBeGreaterThan(0);
  });

  for (const file of jsonFiles('zh')) {
    describe(file, () => {
      const [zh, en] = languages.map((language) => load(language, file));

      it('has every Chinese key in English', () => {
        expect([...zh.keys()].filter((key) => !en.has(key))).toEqual([]);
      });

      it('has every English key in Chinese', () => {
        expect([...en.keys()].filter((key) => !zh.has(key))).toEqual([]);
      });

      it('has no empty texts', () => {
        const empty = languages.flatMap((language, index) =>
          [...[zh, en][index].entries()]
            .filter(([, text]) => text.trim() === '')
            .map(([key]) => `${language}:${key}`),
        );
        expect(empty).toEqual([]);
      });

      it('uses the same placeholders in both languages', () => {
        const mismatched = [...zh.entries()]
          .filter(([key]) => en.has(key))
          .filter(
            ([key, text]) => placeholders(text).join() !== placeholders(en.get(key) ?? '').join(),
          )
          .map(([key]) => key);
        expect(mismatched).toEqual([]);
      });
    });
  }
});
