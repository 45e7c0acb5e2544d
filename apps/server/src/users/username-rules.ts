/**
 * How usernames are written and compared. A new name is normalised (NFKC: full-width and other
 * compatibility forms become their plain letters), may not contain characters that render as
 * nothing or reorder text, and may not look like an existing name: names are compared by a
 * skeleton that folds case and maps look-alike letters (Cyrillic and Greek homoglyphs of Latin
 * letters, `1`/`I`/`l`, `0`/`o`, `rn`/`m`) to one form, in the spirit of Unicode TR39.
 *
 * Names already in a database are never changed: they keep signing in as they are.
 */

/** Control, format (zero-width, bidi), separator, private-use and unassigned characters. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cn}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** Look-alikes folded to the Latin letter they imitate (after lower-casing). */
const CONFUSABLES: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  ѕ: 's',
  і: 'l',
  ї: 'l',
  ј: 'j',
  ԁ: 'd',
  һ: 'h',
  ӏ: 'l',
  ԛ: 'q',
  ԝ: 'w',
  // Greek
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'l',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ϲ: 'c',
  // Latin and digits that pass for each other
  // A capital I passes for a small l, so after lower-casing every i folds with l and 1.
  i: 'l',
  '1': 'l',
  '|': 'l',
  '0': 'o',
  ı: 'l',
  ɡ: 'g',
  ɑ: 'a',
};

/** The name as it is stored: NFKC, without surrounding spaces. */
export function normalizeUsername(raw: string): string {
  return raw.normalize('NFKC').trim();
}

/** Why a (normalised) name cannot be used, or undefined. */
export function usernameCharacterProblem(name: string): string | undefined {
  return INVISIBLE.test(name) ? '用户名不能包含控制字符或不可见字符' : undefined;
}

/** The form two names that look alike share (stored in `users.username_key`). */
export function usernameKey(name: string): string {
  let folded = '';
  for (const character of name.normalize('NFKC').toLowerCase()) {
    folded += CONFUSABLES[character] ?? character;
  }
  return folded.replace(/rn/g, 'm').replace(/\s+/g, '');
}
