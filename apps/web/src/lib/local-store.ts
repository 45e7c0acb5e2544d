/**
 * Small wrappers around localStorage. Storage may be unavailable (private mode, quota) and its
 * content may have been written by anything, so every read is defensive.
 */

export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeString(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // A full or disabled storage only costs the remembered preference.
  }
}

export function removeKey(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Same as above: nothing to recover.
  }
}

/** Reads a JSON value and returns it only when `isValid` accepts its shape. */
export function readJson<T>(key: string, isValid: (value: unknown) => value is T): T | null {
  const text = readString(key);
  if (text === null || text === '') return null;
  try {
    const value: unknown = JSON.parse(text);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, JSON.stringify(value));
}

/** Reads a flag stored as the text `true` or `false`. */
export function readFlag(key: string): boolean {
  return readString(key) === 'true';
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
