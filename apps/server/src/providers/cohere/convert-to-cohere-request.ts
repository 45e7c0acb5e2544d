import { RelayError } from '../../errors/relay-error.js';
import {
  isJsonObject,
  readNumber,
  readObject,
  readString,
  type JsonObject,
} from '../json-guards.js';
import type { CohereChatRequest, CohereMessage } from './cohere-api-types.js';

/** `COHERE_SAFETY_SETTING`'s value that sends no `safety_mode` (the default). */
export const COHERE_SAFETY_NONE = 'NONE';

/**
 * An OpenAI chat request as a Cohere chat v2 request. v2 messages are close to OpenAI's: roles
 * system (developer too), user, assistant (with `tool_calls`) and tool (with `tool_call_id`);
 * text and image_url parts pass as they are. Sampling fields are renamed (top_p → p, top_k → k,
 * stop → stop_sequences); `tool_choice` required/none become REQUIRED/NONE; a json response
 * format becomes Cohere's `json_object` (with its schema). `safetyMode` (COHERE_SAFETY_SETTING)
 * is sent unless it is NONE.
 */
export function convertToCohereRequest(
  body: JsonObject,
  model: string,
  stream: boolean,
  safetyMode: string,
): CohereChatRequest {
  if (!Array.isArray(body.messages)) throw RelayError.badRequest('messages must be an array');
  const request: CohereChatRequest = {
    model,
    messages: body.messages.map(convertMessage),
  };
  if (stream) request.stream = true;
  const maxTokens = readNumber(body, 'max_tokens') ?? readNumber(body, 'max_completion_tokens');
  if (maxTokens !== undefined && maxTokens > 0) request.max_tokens = Math.floor(maxTokens);
  const copies = [
    ['temperature', 'temperature'],
    ['top_p', 'p'],
    ['top_k', 'k'],
    ['seed', 'seed'],
    ['frequency_penalty', 'frequency_penalty'],
    ['presence_penalty', 'presence_penalty'],
  ] as const;
  for (const [from, to] of copies) {
    const value = readNumber(body, from);
    if (value !== undefined) request[to] = value;
  }
  const stop = typeof body.stop === 'string' ? [body.stop] : body.stop;
  if (Array.isArray(stop)) {
    const sequences = stop.filter(
      (item): item is string => typeof item === 'string' && item !== '',
    );
    if (sequences.length > 0) request.stop_sequences = sequences;
  }
  if (Array.isArray(body.tools)) {
    const tools = body.tools.filter(
      (tool): tool is JsonObject => isJsonObject(tool) && isJsonObject(tool.function),
    );
    if (tools.length > 0) {
      request.tools = tools.map((tool) => ({ type: 'function', function: tool.function }));
      if (body.tool_choice === 'required') request.tool_choice = 'REQUIRED';
      else if (body.tool_choice === 'none') request.tool_choice = 'NONE';
    }
  }
  const responseFormat = convertResponseFormat(body.response_format);
  if (responseFormat) request.response_format = responseFormat;
  if (safetyMode && safetyMode.toUpperCase() !== COHERE_SAFETY_NONE) {
    request.safety_mode = safetyMode.toUpperCase();
  }
  return request;
}

function convertMessage(message: unknown): CohereMessage {
  if (!isJsonObject(message)) throw RelayError.badRequest('each message must be an object');
  const role = message.role === 'developer' ? 'system' : message.role;
  if (role !== 'system' && role !== 'user' && role !== 'assistant' && role !== 'tool') {
    throw RelayError.badRequest(`unsupported message role: ${String(message.role)}`);
  }
  const converted: CohereMessage = { role };
  const content = convertContent(message.content);
  if (content !== undefined) converted.content = content;
  if (role === 'assistant' && Array.isArray(message.tool_calls)) {
    converted.tool_calls = message.tool_calls.filter(isJsonObject).map((call) => {
      const fn = readObject(call, 'function') ?? {};
      return {
        id: readString(call, 'id') ?? '',
        type: 'function' as const,
        function: {
          name: readString(fn, 'name') ?? '',
          arguments: readString(fn, 'arguments') ?? '{}',
        },
      };
    });
  }
  if (role === 'tool') {
    converted.tool_call_id = readString(message, 'tool_call_id') ?? '';
    // Cohere rejects a tool message without content.
    converted.content ??= '';
  }
  return converted;
}

function convertContent(content: unknown): CohereMessage['content'] {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return undefined;
  return content.filter(isJsonObject).flatMap((part): JsonObject[] => {
    if (part.type === 'text') return [{ type: 'text', text: readString(part, 'text') ?? '' }];
    if (part.type === 'image_url') return [{ type: 'image_url', image_url: part.image_url }];
    return [];
  });
}

function convertResponseFormat(format: unknown): JsonObject | undefined {
  if (!isJsonObject(format)) return undefined;
  if (format.type === 'json_object') return { type: 'json_object' };
  if (format.type === 'json_schema') {
    const schema = readObject(format, 'json_schema');
    const json = schema && readObject(schema, 'schema');
    return json ? { type: 'json_object', json_schema: json } : { type: 'json_object' };
  }
  return undefined;
}
