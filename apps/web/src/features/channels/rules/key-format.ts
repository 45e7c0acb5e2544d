import { channelTypeDefinition, type ChannelKeyFormat } from '@tollgate/contracts';

/**
 * The credential format of a channel type (spec part 2 §3), from its row of the channel-type
 * table: most types take one plain key; some join several parts, and Vertex AI takes JSON
 * credentials.
 */
export type KeyFormat = ChannelKeyFormat;

const plain: KeyFormat = { kind: 'plain' };

export function keyFormatOf(type: number): KeyFormat {
  return channelTypeDefinition(type)?.keyFormat ?? plain;
}

/** The format as shown to the user, e.g. `APIKey|SecretKey`; null for plain keys. */
export function keyFormatText(format: KeyFormat): string | null {
  return format.kind === 'parts' ? format.parts.join(format.separator) : null;
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

function matchesParts(key: string, format: Extract<KeyFormat, { kind: 'parts' }>): boolean {
  if (format.separator === '-') {
    // FastGPT keys contain dashes themselves (`fastgpt-xxxx-<app id>`): the app id is what follows
    // the last dash.
    const last = key.lastIndexOf('-');
    return last > 0 && last < key.length - 1;
  }
  const parts = key.split(format.separator);
  return parts.length === format.parts.length && parts.every((part) => part.trim() !== '');
}

/**
 * The entered keys that do not follow the type's format (empty when all do). In batch mode every
 * non-empty line is one key; for Vertex AI the batch is a JSON array of credential objects.
 */
export function invalidKeys(type: number, key: string, batch: boolean): string[] {
  const format = keyFormatOf(type);
  const trimmed = key.trim();
  if (trimmed === '' || format.kind === 'plain') return [];
  if (format.kind === 'json') {
    if (batch && trimmed.startsWith('[')) {
      try {
        const value: unknown = JSON.parse(trimmed);
        const valid =
          Array.isArray(value) &&
          value.every((item) => typeof item === 'object' && item !== null && !Array.isArray(item));
        return valid ? [] : [trimmed];
      } catch {
        return [trimmed];
      }
    }
    return isJsonObject(trimmed) ? [] : [trimmed];
  }
  const keys = batch
    ? trimmed
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '')
    : [trimmed];
  return keys.filter((entry) => !matchesParts(entry, format));
}
