import {
  isJsonObject,
  readNumber,
  readObject,
  readObjectArray,
  readString,
  type JsonObject,
} from '../json-guards.js';

/*
 * Guarded readers of OpenAI-format upstream payloads. Upstream JSON is parsed with
 * `parseJsonObject` and read only through these functions, so an odd upstream (missing fields,
 * nulls, numbers as strings) degrades to "absent" instead of throwing.
 *
 * Shapes read (all fields optional):
 *   chat.completion        { id, created, model, choices: [{ message: { content, reasoning_content,
 *                            reasoning, tool_calls: [{ id, function: { name, arguments } }] } }], usage }
 *   chat.completion.chunk  { id, created, model, choices: [{ index, delta: { role, content,
 *                            reasoning_content, reasoning, tool_calls: [{ index, id, function }] },
 *                            finish_reason }], usage }
 *   text_completion        { choices: [{ text, finish_reason }], usage }
 *   error body             { error: { message, type, code, param } }
 */

/** Generated text found in one payload, split by kind; used for local token counting. */
export interface GeneratedText {
  content: string;
  reasoning: string;
  /** Tool calls as `{key, name, arguments}`; `key` identifies a call across stream chunks. */
  toolCalls: { key: string; name: string; arguments: string }[];
}

/** Text generated in a streamed chunk (chat deltas or completions `text`). */
export function readChunkText(chunk: JsonObject): GeneratedText {
  const result: GeneratedText = { content: '', reasoning: '', toolCalls: [] };
  for (const choice of readObjectArray(chunk, 'choices')) {
    const choiceIndex = readNumber(choice, 'index') ?? 0;
    result.content += readString(choice, 'text') ?? '';
    const delta = readObject(choice, 'delta');
    if (delta) appendMessageText(result, delta, choiceIndex);
  }
  return result;
}

/** Text generated in a complete (non-streamed) chat or completions body. */
export function readResponseText(body: JsonObject): GeneratedText {
  const result: GeneratedText = { content: '', reasoning: '', toolCalls: [] };
  for (const choice of readObjectArray(body, 'choices')) {
    const choiceIndex = readNumber(choice, 'index') ?? 0;
    result.content += readString(choice, 'text') ?? '';
    const message = readObject(choice, 'message');
    if (message) appendMessageText(result, message, choiceIndex);
  }
  return result;
}

/** All generated text of a GeneratedText as one string (content, reasoning, tool names and arguments). */
export function joinGeneratedText(text: GeneratedText): string {
  let joined = text.content + text.reasoning;
  for (const call of text.toolCalls) joined += call.name + call.arguments;
  return joined;
}

function appendMessageText(result: GeneratedText, message: JsonObject, choiceIndex: number): void {
  result.content += readContent(message.content);
  // Some upstreams send the same reasoning under both names; count it once.
  const reasoning = readString(message, 'reasoning_content') || readString(message, 'reasoning');
  if (reasoning) result.reasoning += reasoning;
  const toolCalls = readObjectArray(message, 'tool_calls');
  toolCalls.forEach((call, position) => {
    const fn = readObject(call, 'function');
    const toolIndex = readNumber(call, 'index') ?? position;
    result.toolCalls.push({
      key: `${choiceIndex}:${toolIndex}`,
      name: (fn && readString(fn, 'name')) ?? '',
      arguments: (fn && readString(fn, 'arguments')) ?? '',
    });
  });
}

/** Message content as text: a string, or the `text` of each content part. */
function readContent(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  let text = '';
  for (const part of content) {
    if (isJsonObject(part) && typeof part.text === 'string') text += part.text;
  }
  return text;
}

/** The `error` object of a body that carries one with a non-empty `type`; undefined otherwise. */
export function readTypedError(body: JsonObject): JsonObject | undefined {
  const error = readObject(body, 'error');
  if (!error) return undefined;
  const type = readString(error, 'type');
  return type ? error : undefined;
}
