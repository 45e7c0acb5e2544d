import { RelayError } from '../../errors/relay-error.js';
import type { JsonObject } from '../json-guards.js';
import { carriedFields, type DroppedFields } from '../hub/dropped-fields.js';
import type { ChatCall, MessageContent } from '../hub/internal-call.js';

/** One message of the v3 `prompt`: v3 knows only `user` and `assistant` turns. */
export interface ZhipuPromptMessage {
  role: 'user' | 'assistant';
  content: string;
}

/** The internal call's fields v3 takes; any other set field is reported dropped. */
const CARRIED_FIELDS = carriedFields('temperature', 'top_p');

/** v3 rejects top_p of 1 and more. */
const MAX_TOP_P = 0.99;

/**
 * An OpenAI chat request as a v3 `invoke`/`sse-invoke` body (reference §3.6 "zhipu"): the
 * messages as `prompt`, `temperature`, `top_p` (≥ 1 → 0.99), `incremental: true` on streams so
 * each event carries only new text. v3 has no system role: a system message becomes a user turn
 * answered by an assistant "Okay", as new-api sends it. Tools and other fields have no v3 form.
 */
export function convertToZhipuRequest(
  body: ChatCall,
  stream: boolean,
  dropped?: DroppedFields,
): JsonObject {
  if (body.messages.length === 0) throw RelayError.badRequest('messages must be a non-empty array');
  dropped?.addUnread(body, CARRIED_FIELDS);
  const prompt: ZhipuPromptMessage[] = [];
  for (const message of body.messages) {
    const content = messageText(message.content, dropped);
    if (message.role === 'system') {
      prompt.push({ role: 'user', content }, { role: 'assistant', content: 'Okay' });
    } else {
      prompt.push({ role: message.role === 'assistant' ? 'assistant' : 'user', content });
    }
  }
  const request: JsonObject = { prompt };
  if (typeof body.temperature === 'number') request.temperature = body.temperature;
  const topP = body.top_p;
  if (typeof topP === 'number') request.top_p = topP >= 1 ? MAX_TOP_P : topP;
  if (stream) request.incremental = true;
  return request;
}

/** A message's text: the string, or its text parts joined (v3 takes no images: dropped). */
function messageText(content: MessageContent | undefined, dropped?: DroppedFields): string {
  if (typeof content === 'string') return content;
  let text = '';
  for (const part of content ?? []) {
    if (part.type === 'text' && typeof part.text === 'string') text += part.text;
    else dropped?.add(`content.${part.type}`);
  }
  return text;
}
