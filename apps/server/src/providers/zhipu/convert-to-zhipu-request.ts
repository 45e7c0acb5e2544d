import { RelayError } from '../../errors/relay-error.js';
import { isJsonObject, readNumber, type JsonObject } from '../json-guards.js';

/** One message of the v3 `prompt`: v3 knows only `user` and `assistant` turns. */
export interface ZhipuPromptMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** v3 rejects top_p of 1 and more. */
const MAX_TOP_P = 0.99;

/**
 * An OpenAI chat request as a v3 `invoke`/`sse-invoke` body (reference §3.6 "zhipu"): the
 * messages as `prompt`, `temperature`, `top_p` (≥ 1 → 0.99), `incremental: true` on streams so
 * each event carries only new text. v3 has no system role: a system message becomes a user turn
 * answered by an assistant "Okay", as new-api sends it. Tools and other fields have no v3 form.
 */
export function convertToZhipuRequest(body: JsonObject, stream: boolean): JsonObject {
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0) {
    throw RelayError.badRequest('messages must be a non-empty array');
  }
  const prompt: ZhipuPromptMessage[] = [];
  for (const message of messages) {
    if (!isJsonObject(message)) continue;
    const content = messageText(message.content);
    if (message.role === 'system') {
      prompt.push({ role: 'user', content }, { role: 'assistant', content: 'Okay' });
    } else {
      prompt.push({ role: message.role === 'assistant' ? 'assistant' : 'user', content });
    }
  }
  const request: JsonObject = { prompt };
  const temperature = readNumber(body, 'temperature');
  if (temperature !== undefined) request.temperature = temperature;
  const topP = readNumber(body, 'top_p');
  if (topP !== undefined) request.top_p = topP >= 1 ? MAX_TOP_P : topP;
  if (stream) request.incremental = true;
  return request;
}

/** A message's text: the string, or its text parts joined (v3 takes no images). */
function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .filter(isJsonObject)
    .map((part) => (part.type === 'text' && typeof part.text === 'string' ? part.text : ''))
    .join('');
}
