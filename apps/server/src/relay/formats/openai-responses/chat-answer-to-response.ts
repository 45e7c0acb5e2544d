import { randomBytes } from 'node:crypto';
import {
  isJsonObject,
  readObject,
  readObjectArray,
  readString,
  type JsonObject,
} from '../../../providers/json-guards.js';
import type { Usage } from '../../../providers/usage.js';

/**
 * Internal answers (chat completions) converted back to OpenAI Response objects, for clients of
 * `/v1/responses` served by a channel without the Responses API. Pure functions.
 */

/** A new id with OpenAI's prefix for the kind of object (`resp_`, `msg_`, `rs_`, `fc_`). */
export function newResponseId(prefix: string): string {
  return `${prefix}_${randomBytes(24).toString('hex')}`;
}

/** The Responses API usage object. */
export function toResponsesUsage(usage: Usage): JsonObject {
  return {
    input_tokens: usage.promptTokens,
    input_tokens_details: { cached_tokens: usage.cachedTokens },
    output_tokens: usage.completionTokens,
    output_tokens_details: { reasoning_tokens: usage.reasoningTokens },
    total_tokens: usage.promptTokens + usage.completionTokens,
  };
}

/**
 * The request fields a Response echoes, read from the client's Responses request (a missing or
 * unreadable request echoes the defaults).
 */
export function echoedRequestFields(request: JsonObject | undefined): JsonObject {
  const body = request ?? {};
  const reasoning = readObject(body, 'reasoning');
  return {
    instructions: typeof body.instructions === 'string' ? body.instructions : null,
    max_output_tokens: typeof body.max_output_tokens === 'number' ? body.max_output_tokens : null,
    parallel_tool_calls: body.parallel_tool_calls !== false,
    previous_response_id: null,
    reasoning: { effort: (reasoning && readString(reasoning, 'effort')) ?? null, summary: null },
    store: false,
    temperature: typeof body.temperature === 'number' ? body.temperature : 1,
    text: isJsonObject(body.text) ? body.text : { format: { type: 'text' } },
    tool_choice: body.tool_choice ?? 'auto',
    tools: Array.isArray(body.tools) ? body.tools : [],
    top_p: typeof body.top_p === 'number' ? body.top_p : 1,
    truncation: 'disabled',
    metadata: isJsonObject(body.metadata) ? body.metadata : {},
    user: typeof body.user === 'string' ? body.user : null,
  };
}

/** Why a chat answer stopped short, as a Response's `incomplete_details.reason`. */
export function incompleteReason(finishReason: unknown): string | undefined {
  if (finishReason === 'length') return 'max_output_tokens';
  if (finishReason === 'content_filter') return 'content_filter';
  return undefined;
}

/** What a Response is built from besides its output. */
export interface ResponseHeader {
  id: string;
  createdAt: number;
  model: string;
  echoed: JsonObject;
}

/** A Response object around `output`. */
export function responseObject(
  header: ResponseHeader,
  output: JsonObject[],
  status: 'in_progress' | 'completed' | 'incomplete',
  usage: Usage | undefined,
  reason: string | undefined,
): JsonObject {
  return {
    id: header.id,
    object: 'response',
    created_at: header.createdAt,
    status,
    background: false,
    error: null,
    incomplete_details: reason ? { reason } : null,
    model: header.model,
    output,
    ...header.echoed,
    usage: usage ? toResponsesUsage(usage) : null,
  };
}

/** Text of a chat message's `content` (a string, or parts with text). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: unknown) => (isJsonObject(part) && typeof part.text === 'string' ? part.text : ''))
    .join('');
}

/** A reasoning output item carrying `text` as its summary. */
export function reasoningItem(id: string, text: string): JsonObject {
  return { id, type: 'reasoning', summary: [{ type: 'summary_text', text }] };
}

/** An assistant message output item with one output_text part. */
export function messageItem(id: string, text: string, status: string): JsonObject {
  return {
    id,
    type: 'message',
    status,
    role: 'assistant',
    content: [{ type: 'output_text', text, annotations: [], logprobs: [] }],
  };
}

/** A function_call output item. */
export function functionCallItem(
  id: string,
  callId: string,
  name: string,
  args: string,
  status: string,
): JsonObject {
  return { id, type: 'function_call', status, arguments: args, call_id: callId, name };
}

/**
 * The Response for a `chat.completion`: reasoning (from `reasoning_content` or `reasoning`), the
 * message text and each tool call as output items, in that order.
 */
export function chatCompletionToResponse(
  completion: JsonObject,
  request: JsonObject | undefined,
  usage: Usage | undefined,
  fallbackModel: string,
): JsonObject {
  const choice = readObjectArray(completion, 'choices')[0];
  const message = (choice && readObject(choice, 'message')) ?? {};
  const output: JsonObject[] = [];
  const reasoning = readString(message, 'reasoning_content') ?? readString(message, 'reasoning');
  if (reasoning) output.push(reasoningItem(newResponseId('rs'), reasoning));
  const text = contentText(message.content);
  const refusal = readString(message, 'refusal');
  if (text !== '' || refusal) {
    const item = messageItem(newResponseId('msg'), text, 'completed');
    if (text === '' && refusal) item.content = [{ type: 'refusal', refusal }];
    output.push(item);
  }
  for (const call of readObjectArray(message, 'tool_calls')) {
    const fn = readObject(call, 'function') ?? {};
    output.push(
      functionCallItem(
        newResponseId('fc'),
        readString(call, 'id') || newResponseId('call'),
        readString(fn, 'name') ?? '',
        readString(fn, 'arguments') ?? '',
        'completed',
      ),
    );
  }
  const reason = incompleteReason(choice?.finish_reason);
  const created = typeof completion.created === 'number' ? completion.created : 0;
  return responseObject(
    {
      id: newResponseId('resp'),
      createdAt: created || Math.floor(Date.now() / 1000),
      model: readString(completion, 'model') || fallbackModel,
      echoed: echoedRequestFields(request),
    },
    output,
    reason ? 'incomplete' : 'completed',
    usage,
    reason,
  );
}
