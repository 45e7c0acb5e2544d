import { messageText } from '../hub/message-text.js';
import { RelayError } from '../../errors/relay-error.js';
import { isJsonObject, readNumber, readString, type JsonObject } from '../json-guards.js';
import { embeddingInputs } from '../embeddings.js';

/**
 * OpenAI chat requests as ERNIE chat bodies (reference §3.6 "baidu"):
 * - system messages → the `system` field (joined with a blank line);
 * - user/assistant messages as they are, text parts joined; consecutive messages of one role are
 *   merged (ERNIE requires user and assistant to alternate);
 * - assistant `tool_calls` → `function_call` (ERNIE has one per turn: the first), `tool` messages
 *   → `function` messages naming the function;
 * - temperature (ERNIE: (0, 1]) and top_p clamped; `penalty_score` as sent, else
 *   `frequency_penalty` clamped into ERNIE's [1, 2]; `max_tokens`/`max_completion_tokens` →
 *   `max_output_tokens`; `stop`, `user` → `user_id`, `response_format` json_object;
 * - tools → `functions` when the model supports them (see ernieSupportsFunctions).
 */
export function convertToErnieChatRequest(
  body: JsonObject,
  stream: boolean,
  functionsSupported: boolean,
): JsonObject {
  if (!Array.isArray(body.messages) || body.messages.length === 0) {
    throw RelayError.badRequest('messages must be a non-empty array');
  }
  const system: string[] = [];
  const messages: JsonObject[] = [];
  const toolNames = new Map<string, string>();
  for (const raw of body.messages) {
    if (!isJsonObject(raw)) continue;
    const role = readString(raw, 'role');
    const text = messageText(raw.content);
    if (role === 'system' || role === 'developer') {
      if (text) system.push(text);
    } else if (role === 'tool') {
      const callId = readString(raw, 'tool_call_id') ?? '';
      messages.push({ role: 'function', name: toolNames.get(callId) ?? '', content: text });
    } else if (role === 'assistant') {
      const call = firstToolCall(raw);
      if (call) {
        toolNames.set(call.id, call.name);
        messages.push({
          role: 'assistant',
          content: text,
          function_call: { name: call.name, arguments: call.arguments },
        });
      } else {
        appendMerged(messages, 'assistant', text);
      }
    } else {
      appendMerged(messages, 'user', text);
    }
  }
  const request: JsonObject = { messages };
  if (system.length > 0) request.system = system.join('\n\n');
  const temperature = readNumber(body, 'temperature');
  if (temperature !== undefined) request.temperature = clamp(temperature, 0.01, 1);
  const topP = readNumber(body, 'top_p');
  if (topP !== undefined) request.top_p = clamp(topP, 0, 1);
  const penalty = readNumber(body, 'penalty_score') ?? readNumber(body, 'frequency_penalty');
  if (penalty !== undefined) request.penalty_score = clamp(penalty, 1, 2);
  const maxTokens = readNumber(body, 'max_completion_tokens') ?? readNumber(body, 'max_tokens');
  if (maxTokens !== undefined) request.max_output_tokens = maxTokens;
  if (typeof body.stop === 'string') request.stop = [body.stop];
  else if (Array.isArray(body.stop)) request.stop = body.stop;
  const user = readString(body, 'user');
  if (user) request.user_id = user;
  const format = isJsonObject(body.response_format) ? body.response_format.type : undefined;
  if (format === 'json_object' || format === 'text') request.response_format = format;
  const functions = functionsSupported && body.tool_choice !== 'none' ? ernieFunctions(body) : [];
  if (functions.length > 0) {
    request.functions = functions;
    const chosen = isJsonObject(body.tool_choice) ? body.tool_choice.function : undefined;
    const name = isJsonObject(chosen) ? readString(chosen, 'name') : undefined;
    if (name) request.tool_choice = { type: 'function', function: { name } };
  }
  if (stream) request.stream = true;
  return request;
}

/** An OpenAI embeddings request as ERNIE's `{input: [...]}` (strings only). */
export function convertToErnieEmbeddingsRequest(body: JsonObject): JsonObject {
  const input = embeddingInputs(body);
  const request: JsonObject = { input };
  const user = readString(body, 'user');
  if (user) request.user_id = user;
  return request;
}

function appendMerged(messages: JsonObject[], role: 'user' | 'assistant', text: string): void {
  const last = messages[messages.length - 1];
  if (last && last.role === role && last.function_call === undefined) {
    last.content = `${String(last.content)}\n${text}`;
  } else {
    messages.push({ role, content: text });
  }
}

function firstToolCall(
  message: JsonObject,
): { id: string; name: string; arguments: string } | undefined {
  if (!Array.isArray(message.tool_calls)) return undefined;
  const call = message.tool_calls.find(isJsonObject);
  const fn = call && isJsonObject(call.function) ? call.function : undefined;
  if (!call || !fn) return undefined;
  return {
    id: readString(call, 'id') ?? '',
    name: readString(fn, 'name') ?? '',
    arguments: readString(fn, 'arguments') ?? '{}',
  };
}

function ernieFunctions(body: JsonObject): JsonObject[] {
  if (!Array.isArray(body.tools)) return [];
  const functions: JsonObject[] = [];
  for (const tool of body.tools) {
    if (!isJsonObject(tool) || tool.type !== 'function' || !isJsonObject(tool.function)) continue;
    const fn = tool.function;
    functions.push({
      name: readString(fn, 'name') ?? '',
      description: readString(fn, 'description') ?? '',
      parameters: isJsonObject(fn.parameters) ? fn.parameters : { type: 'object', properties: {} },
    });
  }
  return functions;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
