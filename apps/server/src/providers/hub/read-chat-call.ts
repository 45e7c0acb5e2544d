import { RelayError } from '../../errors/relay-error.js';
import { isJsonObject, type JsonObject } from '../json-guards.js';
import type { ChatCall } from './internal-call.js';

/**
 * The relay's edge check of a chat call: `body` is checked in place against ChatCall (no copy, so
 * the pass-through path pays one walk over the messages) and returned as one. Only the shapes the
 * types promise are checked — unknown fields, unknown content part types and unknown tool types
 * pass, as upstream may take them. A wrong type is a local 400 naming the field, as OpenAI's own.
 */
export function readChatCall(body: JsonObject): ChatCall {
  checkChatFields(body, Object.keys(body));
  if (typeof body.model !== 'string') throw wrongType('model', 'a string');
  if (!Array.isArray(body.messages)) throw wrongType('messages', 'an array');
  return body as unknown as ChatCall;
}

/**
 * Checks the named top-level fields of a chat call (all of them at the edge; the keys a channel's
 * param_override set, after it is applied).
 */
export function checkChatFields(body: JsonObject, fields: readonly string[]): void {
  for (const field of fields) {
    const check = FIELD_CHECKS[field];
    const value = body[field];
    if (check && value !== undefined && value !== null) check(value, at(undefined, field));
  }
}

/**
 * A field's place, built only when a check fails (the valid path, every call's, joins no strings):
 * the parent's place and the key or index within it.
 */
type Place = { parent: Place | undefined; key: string | number };

function pathOf(place: Place): string {
  const head = place.parent ? pathOf(place.parent) : '';
  if (typeof place.key === 'number') return `${head}[${place.key}]`;
  return head ? `${head}.${place.key}` : place.key;
}

const at = (parent: Place | undefined, key: string | number): Place => ({ parent, key });

type Check = (value: unknown, place: Place) => void;

function wrongType(place: Place | string, expected: string): RelayError {
  return RelayError.wrongFieldType(typeof place === 'string' ? place : pathOf(place), expected);
}

const isNumber: Check = (value, place) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw wrongType(place, 'a number');
};
const isString: Check = (value, place) => {
  if (typeof value !== 'string') throw wrongType(place, 'a string');
};
const isBoolean: Check = (value, place) => {
  if (typeof value !== 'boolean') throw wrongType(place, 'a boolean');
};
const isObject: Check = (value, place) => {
  if (!isJsonObject(value)) throw wrongType(place, 'an object');
};

/** Checks `record[key]` when it is set (not undefined or null). */
function optional(record: JsonObject, key: string, check: Check, place: Place): void {
  const value = record[key];
  if (value !== undefined && value !== null) check(value, at(place, key));
}

/** Checks `record[key]`, which must be set. */
function required(record: JsonObject, key: string, check: Check, place: Place): void {
  check(record[key], at(place, key));
}

function objectAt(record: JsonObject, key: string, place: Place): JsonObject {
  const value = record[key];
  if (!isJsonObject(value)) throw wrongType(at(place, key), 'an object');
  return value;
}

function checkPart(value: unknown, place: Place): void {
  if (!isJsonObject(value)) throw wrongType(place, 'an object');
  const part = value;
  if (typeof part.type !== 'string') throw wrongType(at(place, 'type'), 'a string');
  switch (part.type) {
    case 'text':
      required(part, 'text', isString, place);
      break;
    case 'image_url':
      if (typeof part.image_url === 'string') break;
      required(objectAt(part, 'image_url', place), 'url', isString, at(place, 'image_url'));
      break;
    case 'input_audio':
      required(objectAt(part, 'input_audio', place), 'data', isString, at(place, 'input_audio'));
      break;
    case 'file': {
      const file = objectAt(part, 'file', place);
      const filePlace = at(place, 'file');
      for (const key of ['file_data', 'file_id', 'filename'])
        optional(file, key, isString, filePlace);
      break;
    }
    case 'refusal':
      required(part, 'refusal', isString, place);
      break;
    default:
      break; // a vendor's part: upstream's to judge
  }
}

function checkContent(value: unknown, place: Place): void {
  if (typeof value === 'string') return;
  if (!Array.isArray(value)) throw wrongType(place, 'a string or an array of content parts');
  for (let index = 0; index < value.length; index += 1) {
    const part = value[index];
    // The common part, checked without allocating its place.
    if (isJsonObject(part) && part.type === 'text' && typeof part.text === 'string') continue;
    checkPart(part, at(place, index));
  }
}

function checkToolCall(value: unknown, place: Place): void {
  if (!isJsonObject(value)) throw wrongType(place, 'an object');
  optional(value, 'id', isString, place);
  const fn = objectAt(value, 'function', place);
  const fnPlace = at(place, 'function');
  required(fn, 'name', isString, fnPlace);
  optional(fn, 'arguments', isString, fnPlace);
}

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);

function checkMessage(value: unknown, place: Place): void {
  if (!isJsonObject(value)) throw wrongType(place, 'an object');
  const message = value;
  if (typeof message.role !== 'string' || !ROLES.has(message.role)) {
    throw wrongType(at(place, 'role'), 'one of system, developer, user, assistant, tool, function');
  }
  const content = message.content;
  if (content !== undefined && content !== null && typeof content !== 'string') {
    checkContent(content, at(place, 'content'));
  }
  optional(message, 'name', isString, place);
  if (message.role === 'assistant') {
    const calls = message.tool_calls;
    if (calls !== undefined && calls !== null) {
      if (!Array.isArray(calls)) throw wrongType(at(place, 'tool_calls'), 'an array');
      const callsPlace = at(place, 'tool_calls');
      calls.forEach((call, index) => checkToolCall(call, at(callsPlace, index)));
    }
    optional(message, 'reasoning_content', isString, place);
  }
  if (message.role === 'tool') optional(message, 'tool_call_id', isString, place);
}

function checkTool(value: unknown, place: Place): void {
  if (!isJsonObject(value)) throw wrongType(place, 'an object');
  const tool = value;
  if (tool.type !== undefined && typeof tool.type !== 'string') {
    throw wrongType(at(place, 'type'), 'a string');
  }
  if (tool.type !== undefined && tool.type !== 'function') return; // a built-in or vendor tool
  const fn = objectAt(tool, 'function', place);
  const fnPlace = at(place, 'function');
  required(fn, 'name', isString, fnPlace);
  optional(fn, 'description', isString, fnPlace);
  optional(fn, 'parameters', isObject, fnPlace);
}

function checkArray(check: Check, expected: string): Check {
  return (value, place) => {
    if (!Array.isArray(value)) throw wrongType(place, expected);
    for (let index = 0; index < value.length; index += 1) check(value[index], at(place, index));
  };
}

const FIELD_CHECKS: Record<string, Check> = {
  model: isString,
  messages: checkArray(checkMessage, 'an array'),
  stream: isBoolean,
  stream_options: isObject,
  max_tokens: isNumber,
  max_completion_tokens: isNumber,
  temperature: isNumber,
  top_p: isNumber,
  top_k: isNumber,
  n: isNumber,
  presence_penalty: isNumber,
  frequency_penalty: isNumber,
  seed: isNumber,
  top_logprobs: isNumber,
  logprobs: isBoolean,
  parallel_tool_calls: isBoolean,
  user: isString,
  reasoning_effort: isString,
  thinking: isObject,
  stop: (value, place) => {
    if (typeof value === 'string') return;
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
      throw wrongType(place, 'a string or an array of strings');
    }
  },
  tools: checkArray(checkTool, 'an array'),
  tool_choice: (value, place) => {
    if (typeof value === 'string') return;
    if (!isJsonObject(value)) throw wrongType(place, 'a string or an object');
    if (value.function !== undefined) {
      optional(objectAt(value, 'function', place), 'name', isString, at(place, 'function'));
    }
  },
  response_format: (value, place) => {
    if (!isJsonObject(value)) throw wrongType(place, 'an object');
    required(value, 'type', isString, place);
    if (value.type === 'json_schema' && value.json_schema !== undefined) {
      const schema = objectAt(value, 'json_schema', place);
      optional(schema, 'schema', isObject, at(place, 'json_schema'));
    }
  },
};
