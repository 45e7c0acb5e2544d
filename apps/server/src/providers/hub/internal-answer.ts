/**
 * The internal answer of a chat call: an OpenAI `chat.completion`, typed. Providers that convert
 * build one (their converters are checked against it); an OpenAI-style upstream's answer is checked
 * in place (`readChatCompletion`, no copy) where an inbound format converts it for its client, and
 * forwarded unread to an OpenAI client. Type aliases, not interfaces, so a ChatCompletion is also a
 * JsonObject (InternalAnswer carries every mode's answer as one).
 */
import { isJsonObject, type JsonObject } from '../json-guards.js';
import { hasTextAndToolCalls, hasValidChoices, isOptionalText } from './choice-checks.js';

export type AnswerToolCall = {
  id?: string;
  type?: 'function';
  function?: { name?: string; arguments?: string };
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

function isAnswerMessage(message: JsonObject): boolean {
  const content = message.content;
  const contentOk =
    isOptionalText(content) || (Array.isArray(content) && content.every(isJsonObject));
  return contentOk && hasTextAndToolCalls(message);
}

/**
 * A chat answer as a ChatCompletion, checked in place: `choices` an array whose messages have text
 * fields and tool calls of the right types (a choice without `message` gets an empty one).
 * Undefined for anything else: the caller answers it as an unreadable upstream answer.
 */
export function readChatCompletion(value: JsonObject): ChatCompletion | undefined {
  if (!hasValidChoices(value, 'message', isAnswerMessage)) return undefined;
  return value as unknown as ChatCompletion;
}

/** The text of an answer's content (a string, or its text parts joined). */
export function answerText(content: AnswerMessage['content']): string {
  if (typeof content === 'string') return content;
  return (content ?? []).map((part) => part.text ?? '').join('');
}
