import { isJsonObject, readString } from '../json-guards.js';

/**
 * The text of an internal call's message content, for an upstream that takes plain text: the
 * string itself, or the `text` parts joined (images, audio and other parts are left out).
 */
export function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  let text = '';
  for (const part of content) {
    if (isJsonObject(part) && part.type === 'text') text += readString(part, 'text') ?? '';
  }
  return text;
}
