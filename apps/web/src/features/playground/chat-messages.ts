import { isRecord } from '../../lib/local-store';

/**
 * Messages of the playground and their states (spec part 2 §4): a reply is `loading` until its
 * first text, `incomplete` while text streams in, then `complete`, or `error` with the error text
 * appended.
 */
export type MessageStatus = 'loading' | 'incomplete' | 'complete' | 'error';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** Replies only. */
  status?: MessageStatus;
}

export interface ChatSettings {
  model: string;
  group: string;
  /** 0.1 to 1 (the default 0 leaves it at the provider's choice of "deterministic"). */
  temperature: number;
  /** Text of the max-tokens field; parsed as an integer when sending. */
  maxTokens: string;
  systemPrompt: string;
}

/** `POST /pg/chat/completions` body. */
export interface ChatRequest {
  messages: { role: 'system' | 'user' | 'assistant'; content: string }[];
  stream: true;
  model: string;
  group: string;
  max_tokens: number;
  temperature: number;
}

/** Chat defaults (spec part 2 §9). */
export const defaultChatModel = 'gpt-4o-mini';
export const defaultSystemPrompt =
  'You are a helpful assistant. You can help me by answering my questions. You can also ask me questions.';

let sequence = 0;
/** Ids unique within the page (no crypto needed: they only key React lists). */
export function nextMessageId(): string {
  sequence += 1;
  return `m${Date.now().toString(36)}-${sequence}`;
}

/** The max-tokens field as an integer; anything unreadable or negative is 0 (no limit). */
export function parseMaxTokens(text: string): number {
  const value = Number.parseInt(text.trim(), 10);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * The request for the conversation so far: the system prompt (when set), then every message
 * except failed replies and replies still empty.
 */
export function buildChatRequest(
  history: readonly ChatMessage[],
  settings: ChatSettings,
): ChatRequest {
  const messages: ChatRequest['messages'] = [];
  if (settings.systemPrompt.trim() !== '') {
    messages.push({ role: 'system', content: settings.systemPrompt });
  }
  for (const message of history) {
    if (message.role === 'assistant' && (message.status === 'error' || message.content === '')) {
      continue;
    }
    messages.push({ role: message.role, content: message.content });
  }
  return {
    messages,
    stream: true,
    model: settings.model,
    group: settings.group,
    max_tokens: parseMaxTokens(settings.maxTokens),
    temperature: settings.temperature,
  };
}

/** A user message plus the empty reply that waits for the stream. */
export function startExchange(messages: readonly ChatMessage[], text: string): ChatMessage[] {
  return [
    ...messages,
    { id: nextMessageId(), role: 'user', content: text },
    { id: nextMessageId(), role: 'assistant', content: '', status: 'loading' },
  ];
}

function isOpenReply(message: ChatMessage | undefined): message is ChatMessage {
  return (
    message !== undefined &&
    message.role === 'assistant' &&
    (message.status === 'loading' || message.status === 'incomplete')
  );
}

/** Appends streamed text to the open reply, which becomes `incomplete`. */
export function appendToReply(messages: readonly ChatMessage[], text: string): ChatMessage[] {
  const last = messages[messages.length - 1];
  if (!isOpenReply(last) || text === '') return [...messages];
  return [
    ...messages.slice(0, -1),
    { ...last, content: last.content + text, status: 'incomplete' },
  ];
}

/** Closes the open reply as complete, or as an error with the error text appended. */
export function finishReply(
  messages: readonly ChatMessage[],
  outcome: { error?: string } = {},
): ChatMessage[] {
  const last = messages[messages.length - 1];
  if (!isOpenReply(last)) return [...messages];
  if (outcome.error === undefined) {
    return [...messages.slice(0, -1), { ...last, status: 'complete' }];
  }
  const separator = last.content === '' ? '' : '\n\n';
  return [
    ...messages.slice(0, -1),
    { ...last, content: `${last.content}${separator}${outcome.error}`, status: 'error' },
  ];
}

/** What one stream event means. */
export type StreamEvent =
  | { kind: 'done' }
  | { kind: 'text'; text: string }
  | { kind: 'error'; message: string };

/**
 * Reads one `data:` payload of the OpenAI stream: `[DONE]`, a chunk whose
 * `choices[0].delta.content` is text, or an error object. Anything else (role-only chunks, usage
 * chunks, unreadable JSON) means nothing and returns null.
 */
export function readStreamEvent(data: string): StreamEvent | null {
  if (data.trim() === '[DONE]') return { kind: 'done' };
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const error = errorText(value);
  if (error !== null) return { kind: 'error', message: error };
  const choices = value.choices;
  if (!Array.isArray(choices) || choices.length === 0) return null;
  const first: unknown = choices[0];
  const delta = isRecord(first) ? first.delta : undefined;
  const content = isRecord(delta) ? delta.content : undefined;
  return typeof content === 'string' && content !== '' ? { kind: 'text', text: content } : null;
}

function errorText(body: Record<string, unknown>): string | null {
  const error = body.error;
  if (typeof error === 'string' && error !== '') return error;
  if (isRecord(error) && typeof error.message === 'string') return error.message;
  return null;
}

/** The message of a failed (non-2xx) answer: its OpenAI-style error, a console envelope, or the text. */
export function failedResponseMessage(status: number, body: string): string {
  try {
    const value: unknown = JSON.parse(body);
    if (isRecord(value)) {
      const error = errorText(value);
      if (error !== null) return error;
      if (typeof value.message === 'string' && value.message !== '') return value.message;
    }
  } catch {
    // Not JSON: the text itself, if short enough to be a message.
  }
  const text = body.trim();
  return text !== '' && text.length <= 500 ? text : `HTTP ${status}`;
}
