/**
 * The in-place checks an answer and a stream chunk share: their `choices`, the text fields of a
 * message or delta, and tool calls.
 */
import { isJsonObject, type JsonObject } from '../json-guards.js';

export const isOptionalText = (value: unknown): boolean =>
  value === undefined || value === null || typeof value === 'string';

/**
 * Tool-call arguments some vendors send as an object rather than JSON text: turned into text in
 * place, so every reader sees one type.
 */
function argumentsAsText(fn: JsonObject): unknown {
  if (isJsonObject(fn.arguments)) fn.arguments = JSON.stringify(fn.arguments);
  return fn.arguments;
}

/** A message's or delta's text fields and tool calls (each with a text id, name and arguments). */
export function hasTextAndToolCalls(value: JsonObject): boolean {
  if (!isOptionalText(value.reasoning_content) || !isOptionalText(value.reasoning)) return false;
  if (!isOptionalText(value.refusal)) return false;
  const calls = value.tool_calls;
  if (calls === undefined || calls === null) return true;
  return (
    Array.isArray(calls) &&
    calls.every(
      (call) =>
        isJsonObject(call) &&
        isOptionalText(call.id) &&
        (call.function === undefined ||
          (isJsonObject(call.function) &&
            isOptionalText(call.function.name) &&
            isOptionalText(argumentsAsText(call.function)))),
    )
  );
}

/**
 * True when `value.choices` is an array of objects whose `field` (`message`, `delta`) passes
 * `isValid`; a choice without it gets an empty object (vendors leave it out of a last chunk).
 */
export function hasValidChoices(
  value: JsonObject,
  field: 'message' | 'delta',
  isValid: (part: JsonObject) => boolean,
): boolean {
  const choices = value.choices;
  if (!Array.isArray(choices)) return false;
  for (const choice of choices) {
    if (!isJsonObject(choice)) return false;
    const part = choice[field];
    if (part === undefined || part === null) choice[field] = {};
    else if (!isJsonObject(part) || !isValid(part)) return false;
  }
  return true;
}
