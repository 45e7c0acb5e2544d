import { addContentTexts, addField, addJsonTexts } from '../request-texts.js';

/**
 * An input item's texts, whatever its type, by the fields that hold text: `content` (messages:
 * a string or parts, read for their text and refusals), `name` and `arguments` (function calls),
 * `input` (custom tool calls), `output` (function and custom tool results: a string or parts)
 * and `summary` (reasoning of an earlier turn). Images and files inside parts are skipped.
 */
function addItemTexts(item: unknown, out: string[]): void {
  if (typeof item === 'string') {
    out.push(item);
    return;
  }
  if (typeof item !== 'object' || item === null) return;
  const fields = item as Record<string, unknown>;
  addContentTexts(fields.content, out);
  addField(fields, 'name', out);
  addField(fields, 'arguments', out);
  addField(fields, 'input', out);
  addContentTexts(fields.output, out);
  addContentTexts(fields.summary, out);
}

/** A string, or a list of input items. */
function addInputTexts(input: unknown, out: string[]): void {
  if (Array.isArray(input)) {
    for (const item of input) addItemTexts(item, out);
  } else if (typeof input === 'string') out.push(input);
}

/**
 * Every text of a Responses request that reaches upstream: `instructions`, `input` (a string or
 * items of every kind: messages, function calls and their outputs, custom tool calls and outputs,
 * reasoning summaries), the tools' definitions, the structured-output format (`text`) and a
 * stored prompt's variables.
 */
export function responsesRequestTexts(json: Record<string, unknown> | undefined): string[] {
  const out: string[] = [];
  if (!json) return out;
  addInputTexts(json.instructions, out);
  addInputTexts(json.input, out);
  addJsonTexts(json.tools, out);
  addJsonTexts(json.text, out);
  addJsonTexts((json.prompt as { variables?: unknown } | null | undefined)?.variables, out);
  return out;
}
