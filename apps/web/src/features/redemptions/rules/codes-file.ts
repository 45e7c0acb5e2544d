/** Name of the download when a code name gives nothing usable. */
export const fallbackCodesFileName = 'redemption-codes';

// Characters that no common file system accepts in a name, and control characters.
// eslint-disable-next-line no-control-regex
const unsafeFileNameCharacters = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;

/**
 * The file the new codes are offered as: named after the code name (spec part 2 "Redemption
 * codes"), `<name>.txt`, with the characters a file name cannot hold replaced by `_`.
 */
export function codesFileName(codeName: string): string {
  const base = codeName.replace(unsafeFileNameCharacters, '_').trim();
  // A name of dots only would be read as the current or parent folder.
  return `${base === '' || /^\.+$/.test(base) ? fallbackCodesFileName : base}.txt`;
}

/** The file's text: one key per line, each line ended (as the reference console writes it). */
export function codesFileText(keys: readonly string[]): string {
  return keys.map((key) => `${key}\n`).join('');
}
