import { RelayError } from '../../errors/relay-error.js';
import type { JsonObject } from '../json-guards.js';
import {
  TOKEN_LIMIT_FIELDS,
  SAMPLING_FIELDS,
  TOOL_FIELDS,
  carriedFields,
  type DroppedFields,
} from '../hub/dropped-fields.js';
import {
  isFunctionTool,
  type ChatCall,
  type ChatMessage,
  type FunctionTool,
  type MessageContent,
} from '../hub/internal-call.js';
import type { CohereChatRequest, CohereMessage } from './cohere-api-types.js';

/** `COHERE_SAFETY_SETTING`'s value that sends no `safety_mode` (the default). */
export const COHERE_SAFETY_NONE = 'NONE';

/**
 * The internal call's fields this conversion carries (stream options: Cohere always reports
 * usage); any other set field is reported dropped (n, logprobs, user, parallel_tool_calls…).
 */
const CARRIED_FIELDS = carriedFields(
  TOKEN_LIMIT_FIELDS,
  SAMPLING_FIELDS,
  TOOL_FIELDS,
  'response_format',
);

/**
 * An OpenAI chat request as a Cohere chat v2 request. v2 messages are close to OpenAI's: roles
 * system (developer too), user, assistant (with `tool_calls`) and tool (with `tool_call_id`);
 * text and image_url parts pass as they are. Sampling fields are renamed (top_p → p, top_k → k,
 * stop → stop_sequences); `tool_choice` required/none become REQUIRED/NONE; a json response
 * format becomes Cohere's `json_object` (with its schema). `safetyMode` (COHERE_SAFETY_SETTING)
 * is sent unless it is NONE.
 */
export function convertToCohereRequest(
  body: ChatCall,
  model: string,
  stream: boolean,
  safetyMode: string,
  dropped?: DroppedFields,
): CohereChatRequest {
  dropped?.addUnread(body, CARRIED_FIELDS);
  const request: CohereChatRequest = {
    model,
    messages: body.messages.map((message) => convertMessage(message, dropped)),
  };
  if (stream) request.stream = true;
  const maxTokens = body.max_tokens ?? body.max_completion_tokens;
  if (typeof maxTokens === 'number' && maxTokens > 0) request.max_tokens = Math.floor(maxTokens);
  const copies = [
    ['temperature', 'temperature'],
    ['top_p', 'p'],
    ['top_k', 'k'],
    ['seed', 'seed'],
    ['frequency_penalty', 'frequency_penalty'],
    ['presence_penalty', 'presence_penalty'],
  ] as const;
  for (const [from, to] of copies) {
    const value = body[from];
    if (typeof value === 'number') request[to] = value;
  }
  const stop = typeof body.stop === 'string' ? [body.stop] : (body.stop ?? []);
  const sequences = stop.filter((item) => item !== '');
  if (sequences.length > 0) request.stop_sequences = sequences;
  const tools: FunctionTool[] = [];
  for (const tool of body.tools ?? []) {
    if (isFunctionTool(tool)) tools.push(tool);
    else dropped?.add(`tools.${tool.type}`);
  }
  if (tools.length > 0) {
    request.tools = tools.map((tool) => ({ type: 'function', function: tool.function }));
    if (body.tool_choice === 'required') request.tool_choice = 'REQUIRED';
    else if (body.tool_choice === 'none') request.tool_choice = 'NONE';
  }
  const responseFormat = convertResponseFormat(body.response_format);
  if (responseFormat) request.response_format = responseFormat;
  if (safetyMode && safetyMode.toUpperCase() !== COHERE_SAFETY_NONE) {
    request.safety_mode = safetyMode.toUpperCase();
  }
  return request;
}

function convertMessage(message: ChatMessage, dropped: DroppedFields | undefined): CohereMessage {
  if (message.role === 'function') {
    throw RelayError.badRequest(`unsupported message role: ${message.role}`);
  }
  const role = message.role === 'developer' ? 'system' : message.role;
  const converted: CohereMessage = { role };
  const content = convertContent(message.content, dropped);
  if (content !== undefined) converted.content = content;
  if (message.role === 'assistant' && message.tool_calls) {
    converted.tool_calls = message.tool_calls.map((call) => ({
      id: call.id ?? '',
      type: 'function' as const,
      function: { name: call.function.name, arguments: call.function.arguments ?? '{}' },
    }));
  }
  if (message.role === 'tool') {
    converted.tool_call_id = message.tool_call_id ?? '';
    // Cohere rejects a tool message without content.
    converted.content ??= '';
  }
  return converted;
}

function convertContent(
  content: MessageContent | undefined,
  dropped: DroppedFields | undefined,
): CohereMessage['content'] {
  if (typeof content === 'string') return content;
  if (!content) return undefined;
  return content.flatMap((part): JsonObject[] => {
    if (part.type === 'text') return [{ type: 'text', text: String(part.text) }];
    if (part.type === 'image_url') return [{ type: 'image_url', image_url: part.image_url }];
    dropped?.add(`content.${part.type}`);
    return [];
  });
}

function convertResponseFormat(format: ChatCall['response_format']): JsonObject | undefined {
  if (format?.type === 'json_object') return { type: 'json_object' };
  if (format?.type === 'json_schema') {
    const json = format.json_schema?.schema;
    return json ? { type: 'json_object', json_schema: json } : { type: 'json_object' };
  }
  return undefined;
}
