/**
 * Small guarded readers for untrusted JSON from upstream providers. Upstream payloads are parsed
 * once and then read field by field through these helpers, so a missing or mistyped field is
 * simply absent instead of a crash.
 */

/** A parsed JSON object (never an array or null). */
export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses text that must hold a JSON object; undefined for invalid JSON or any other value. */
export function parseJsonObject(text: string): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isJsonObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

export function readObject(record: JsonObject, key: string): JsonObject | undefined {
  const value = record[key];
  return isJsonObject(value) ? value : undefined;
}

export function readString(record: JsonObject, key: string): string | undefined {
  const value = record[key];
  return typeof value === 'string' ? value : undefined;
}

/** A finite number, or undefined. */
export function readNumber(record: JsonObject, key: string): number | undefined {
  const value = record[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function readArray(record: JsonObject, key: string): unknown[] | undefined {
  const value = record[key];
  return Array.isArray(value) ? value : undefined;
}

/** The objects of an array field, skipping anything that is not an object. */
export function readObjectArray(record: JsonObject, key: string): JsonObject[] {
  const value = record[key];
  if (!Array.isArray(value)) return [];
  return value.filter(isJsonObject);
}

/** A string or number field as text ('' when absent or null), for ids and error codes. */
export function readText(record: JsonObject, key: string): string {
  const value = record[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '';
}
