import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { languages } from '../i18n/language-choice';

const localesDir = fileURLToPath(new URL('.', import.meta.url));
/** English is the reference: every other language has exactly its keys and placeholders. */
const reference = 'en';
const others = languages.filter((language) => language !== reference);

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

/** A language's file, or an empty one when the language has no such file (reported apart). */
function load(language: string, file: string): Map<string, string> {
  let text: string;
  try {
    text = readFileSync(join(localesDir, language, file), 'utf8');
  } catch {
    return new Map();
  }
  return flatten(JSON.parse(text) as unknown);
}

// i18next's plural forms (`count_one`, `count_other`, …): each language has the forms its own
// plural rules use, so plural keys are compared by their base.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function pluralBase(key: string): string {
  return key.replace(PLURAL_SUFFIX, '');
}

/** Keys with plural forms reduced to their base (`count_one`, `count_other` → `count`). */
function baseKeys(texts: Map<string, string>): Set<string> {
  return new Set([...texts.keys()].map(pluralBase));
}

/**
 * The `{{name}}` placeholders and the component tags (`<b>…</b>`, `<br/>`, as react-i18next's
 * Trans fills them) of a text, sorted, each once. A lone `<secret>` is words, not a tag.
 */
function placeholders(text: string): string {
  const names = [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => `{{${match[1]}}}`);
  const tags = [...text.matchAll(/<(\w+)>.*?<\/\1>|<(\w+)\s*\/>/g)].map(
    (match) => `<${match[1] ?? match[2]}>`,
  );
  return [...new Set([...names, ...tags])].sort().join(' ');
}

describe('translation files', () => {
  const files = jsonFiles(reference);

  it('exist in English', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  for (const language of others) {
    it(`exist with the same names in ${language} as in English`, () => {
      expect(jsonFiles(language)).toEqual(files);
    });
  }

  for (const file of files) {
    describe(file, () => {
      const en = load(reference, file);
      const enBases = baseKeys(en);

      for (const language of others) {
        const texts = load(language, file);
        const bases = baseKeys(texts);

        it(`has every English key in ${language}`, () => {
          expect([...enBases].filter((key) => !bases.has(key))).toEqual([]);
        });

        it(`has no ${language} key that English lacks`, () => {
          expect([...bases].filter((key) => !enBases.has(key))).toEqual([]);
        });

        it(`has the plural forms ${language} needs`, () => {
          const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
          const pluralBases = new Set(
            [...en.keys()].filter((key) => PLURAL_SUFFIX.test(key)).map(pluralBase),
          );
          const missing = [...pluralBases].flatMap((base) =>
            needed.map((form) => `${base}_${form}`).filter((key) => !texts.has(key)),
          );
          expect(missing).toEqual([]);
        });

        it(`has no empty ${language} texts`, () => {
          expect([...texts.entries()].filter(([, text]) => text.trim() === '')).toEqual([]);
        });

        it(`uses the same placeholders in ${language} as in English`, () => {
          // A plural form is compared with English's `_other` when English lacks that form.
          const mismatched = [...texts.entries()]
            .map(([key, text]) => {
              const english = en.get(key) ?? en.get(`${pluralBase(key)}_other`);
              return { key, text, english };
            })
            .filter(({ english }) => english !== undefined)
            .filter(({ text, english }) => placeholders(text) !== placeholders(english ?? ''))
            .map(({ key }) => key);
          expect(mismatched).toEqual([]);
        });
      }

      it('has no empty English texts', () => {
        expect([...en.entries()].filter(([, text]) => text.trim() === '')).toEqual([]);
      });
    });
  }
});
