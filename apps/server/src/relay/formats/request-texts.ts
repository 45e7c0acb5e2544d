/**
 * Readers of the texts a request sends upstream, shared by the inbound formats' `requestTexts`
 * (the sensitive-word check reads them) and the task routes. They collect what a person or a
 * program wrote — prompts, names, tool definitions, tool calls and results — and skip images,
 * audio, files and other encoded data, which are never scanned.
 */

/** Pushes a string, or the strings of an array (anything else is skipped). */
export function addStrings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) {
    for (const item of value) if (typeof item === 'string') out.push(item);
  }
}

/** Pushes `record[field]` when it is a string. */
export function addField(record: unknown, field: string, out: string[]): void {
  if (typeof record !== 'object' || record === null) return;
  const value = (record as Record<string, unknown>)[field];
  if (typeof value === 'string') out.push(value);
}

/**
 * Pushes the texts of content given as a string or as parts, whatever the part's type: its
 * `text` and `refusal` strings (OpenAI chat and Responses parts, Gemini parts). Parts that carry
 * images, audio or files have neither field and are skipped.
 */
export function addContentTexts(content: unknown, out: string[]): void {
  if (typeof content === 'string') {
    out.push(content);
    return;
  }
  if (!Array.isArray(content)) return;
  for (const part of content) {
    if (typeof part === 'string') out.push(part);
    else {
      addField(part, 'text', out);
      addField(part, 'refusal', out);
    }
  }
}

/** A `data:` URL (an inline image, audio or file): encoded data, never a text. */
function isDataUrl(text: string): boolean {
  return text.startsWith('data:');
}

/**
 * Pushes every string and every object key inside a JSON value: a tool's JSON schema (names,
 * descriptions, enum values, property names), a tool call's arguments, a tool's result. `data:`
 * URLs are skipped. Walked with an explicit stack, so a deeply nested body cannot exhaust the
 * call stack.
 */
export function addJsonTexts(value: unknown, out: string[]): void {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    if (typeof item === 'string') {
      if (!isDataUrl(item)) out.push(item);
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1) pending.push(item[index]);
    } else if (typeof item === 'object' && item !== null) {
      for (const key in item) {
        out.push(key);
        pending.push((item as Record<string, unknown>)[key]);
      }
    }
  }
}

/** The texts of a JSON value (see `addJsonTexts`). */
export function jsonTexts(value: unknown): string[] {
  const out: string[] = [];
  addJsonTexts(value, out);
  return out;
}
