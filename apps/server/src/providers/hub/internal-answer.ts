/**
 * The internal answer of a chat call: an OpenAI `chat.completion`, typed. Providers that convert
 * build one (their converters are checked against it); an OpenAI-style upstream's answer is checked
 * in place (`readChatCompletion`, no copy) where an inbound format converts it for its client, and
 * forwarded unread to an OpenAI client. Type aliases, not interfaces, so a ChatCompletion is also a
 * JsonObject (InternalAnswer carries every mode's answer as one).
 */
import { isJsonObject, type JsonObject } from '../json-guards.js';

export type AnswerToolCall = {
  id?: string;
  type?: 'function';
  function: { name?: string; arguments?: string };
};

export type AnswerMessage = {
  role?: 'assistant';
  /** Text; some vendors answer with text parts. */
  content?: string | { type?: string; text?: string }[] | null;
  reasoning_content?: string | null;
  reasoning?: string | null;
  refusal?: string | null;
  tool_calls?: AnswerToolCall[] | null;
};

export type CompletionChoice = {
  index?: number;
  message: AnswerMessage;
  finish_reason: string | null;
  logprobs?: JsonObject | null;
};

export type ChatCompletion = {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  system_fingerprint?: string | null;
  choices: CompletionChoice[];
  usage?: JsonObject;
};

const isOptionalText = (value: unknown) =>
  value === undefined || value === null || typeof value === 'string';

function isAnswerMessage(value: unknown): boolean {
  if (!isJsonObject(value)) return false;
  if (!isOptionalText(value.reasoning_content) || !isOptionalText(value.reasoning)) return false;
  const content = value.content;
  if (!isOptionalText(content) && !(Array.isArray(content) && content.every(isJsonObject))) {
    return false;
  }
  const calls = value.tool_calls;
  if (calls === undefined || calls === null) return true;
  return (
    Array.isArray(calls) &&
    calls.every(
      (call) =>
        isJsonObject(call) &&
        isOptionalText(call.id) &&
        isJsonObject(call.function) &&
        isOptionalText(call.function.name) &&
        isOptionalText(argumentsAsText(call.function)),
    )
  );
}

/**
 * Tool-call arguments some vendors send as an object rather than JSON text: turned into text in
 * place, so every reader sees one type.
 */
export function argumentsAsText(fn: JsonObject): unknown {
  if (isJsonObject(fn.arguments)) fn.arguments = JSON.stringify(fn.arguments);
  return fn.arguments;
}

/**
 * A chat answer as a ChatCompletion, checked in place: `choices` an array whose messages have text
 * fields and tool calls of the right types (a choice without `message` gets an empty one).
 * Undefined for anything else: the caller answers it as an unreadable upstream answer.
 */
export function readChatCompletion(value: JsonObject): ChatCompletion | undefined {
  const choices = value.choices;
  if (!Array.isArray(choices)) return undefined;
  for (const choice of choices) {
    if (!isJsonObject(choice)) return undefined;
    if (choice.message === undefined || choice.message === null) choice.message = {};
    else if (!isAnswerMessage(choice.message)) return undefined;
  }
  return value as unknown as ChatCompletion;
}

/** The text of an answer's content (a string, or its text parts joined). */
export function answerText(content: AnswerMessage['content']): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => part.text ?? '').join('');
}
