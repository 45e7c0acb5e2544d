import {
  isJsonObject,
  readNumber,
  readObject,
  readObjectArray,
  readString,
  readText,
  type JsonObject,
} from '../json-guards.js';

/**
 * Channel setting `force_format`: re-encodes a chat stream chunk through the standard
 * `chat.completion.chunk` shape, dropping vendor extras and fixing field types, for clients that
 * choke on non-standard upstreams. Unknown delta fields are dropped; `usage` is kept as sent.
 */
export function normaliseChatChunk(chunk: JsonObject): JsonObject {
  const normalised: JsonObject = {
    id: readText(chunk, 'id'),
    object: 'chat.completion.chunk',
    created: readNumber(chunk, 'created') ?? 0,
    model: readString(chunk, 'model') ?? '',
  };
  const fingerprint = readString(chunk, 'system_fingerprint');
  if (fingerprint) normalised.system_fingerprint = fingerprint;
  normalised.choices = readObjectArray(chunk, 'choices').map((choice) => {
    const normalisedChoice: JsonObject = {
      index: readNumber(choice, 'index') ?? 0,
      delta: normaliseDelta(readObject(choice, 'delta') ?? {}),
      finish_reason: readString(choice, 'finish_reason') || null,
    };
    if (choice.logprobs !== undefined) normalisedChoice.logprobs = choice.logprobs;
    return normalisedChoice;
  });
  const usage = readObject(chunk, 'usage');
  if (usage) normalised.usage = usage;
  return normalised;
}

function normaliseDelta(delta: JsonObject): JsonObject {
  const normalised: JsonObject = {};
  const role = readString(delta, 'role');
  if (role) normalised.role = role;
  for (const key of ['content', 'reasoning_content', 'reasoning', 'refusal']) {
    const value = readString(delta, key);
    if (value !== undefined) normalised[key] = value;
  }
  const toolCalls = readObjectArray(delta, 'tool_calls');
  if (toolCalls.length > 0) {
    normalised.tool_calls = toolCalls.map((call, position) => {
      const normalisedCall: JsonObject = { index: readNumber(call, 'index') ?? position };
      const id = readString(call, 'id');
      if (id) normalisedCall.id = id;
      const type = readString(call, 'type');
      if (type) normalisedCall.type = type;
      const fn = call.function;
      if (isJsonObject(fn)) {
        const normalisedFunction: JsonObject = {};
        const name = readString(fn, 'name');
        if (name !== undefined) normalisedFunction.name = name;
        normalisedFunction.arguments = readString(fn, 'arguments') ?? '';
        normalisedCall.function = normalisedFunction;
      }
      return normalisedCall;
    });
  }
  return normalised;
}
