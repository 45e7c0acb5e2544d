/**
 * Translation of messages by templates: each entry matches a whole message (its variable parts
 * captured) and gives the wording in another language. Shared by the relay's errors and the
 * console API's answers, each with its own table.
 */

/** The translated wording: a replacement string (`$1`… for the captured parts) or a function. */
export type TemplateWording = string | ((match: string, ...captures: string[]) => string);

/** Templates, tried in order; the first whose pattern matches the message wins. */
export type MessageTemplates = ReadonlyArray<readonly [RegExp, TemplateWording]>;

/** The message in the table's language, or `undefined` when no template matches it. */
export function translateByTemplates(
  templates: MessageTemplates,
  message: string,
): string | undefined {
  for (const [pattern, wording] of templates) {
    if (!pattern.test(message)) continue;
    return typeof wording === 'string'
      ? message.replace(pattern, wording)
      : message.replace(pattern, wording as (match: string, ...rest: unknown[]) => string);
  }
  return undefined;
}
