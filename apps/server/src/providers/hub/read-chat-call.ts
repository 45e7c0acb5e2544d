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
    if (check && value !== undefined && value !== null) check(value, field);
  }
}

type Check = (value: unknown, path: string) => void;

function wrongType(path: string, expected: string): RelayError {
  return new RelayError(
    400,
    `Invalid request, field ${path} must be ${expected}`,
    'invalid_request_error',
    'invalid_request',
    true,
    path,
  );
}

const isNumber: Check = (value, path) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw wrongType(path, 'a number');
};
const isString: Check = (value, path) => {
  if (typeof value !== 'string') throw wrongType(path, 'a string');
};
const isBoolean: Check = (value, path) => {
  if (typeof value !== 'boolean') throw wrongType(path, 'a boolean');
};
const isObject: Check = (value, path) => {
  if (!isJsonObject(value)) throw wrongType(path, 'an object');
};

function optional(record: JsonObject, key: string, check: Check, path: string): void {
  const value = record[key];
  if (value !== undefined && value !== null) check(value, `${path}.${key}`);
}

function objectAt(value: unknown, path: string): JsonObject {
  if (!isJsonObject(value)) throw wrongType(path, 'an object');
  return value;
}

function checkPart(value: unknown, path: string): void {
  const part = objectAt(value, path);
  if (typeof part.type !== 'string') throw wrongType(`${path}.type`, 'a string');
  switch (part.type) {
    case 'text':
      isString(part.text, `${path}.text`);
      break;
    case 'image_url': {
      if (typeof part.image_url === 'string') break;
      isString(objectAt(part.image_url, `${path}.image_url`).url, `${path}.image_url.url`);
      break;
    }
    case 'input_audio':
      isString(objectAt(part.input_audio, `${path}.input_audio`).data, `${path}.input_audio.data`);
      break;
    case 'file': {
      const file = objectAt(part.file, `${path}.file`);
      for (const key of ['file_data', 'file_id', 'filename'])
        optional(file, key, isString, `${path}.file`);
      break;
    }
    case 'refusal':
      isString(part.refusal, `${path}.refusal`);
      break;
    default:
      break; // a vendor's part: upstream's to judge
  }
}

function checkContent(value: unknown, path: string): void {
  if (typeof value === 'string') return;
  if (!Array.isArray(value)) throw wrongType(path, 'a string or an array of content parts');
  value.forEach((part, index) => checkPart(part, `${path}[${index}]`));
}

function checkToolCall(value: unknown, path: string): void {
  const call = objectAt(value, path);
  optional(call, 'id', isString, path);
  const fn = objectAt(call.function, `${path}.function`);
  isString(fn.name, `${path}.function.name`);
  optional(fn, 'arguments', isString, `${path}.function`);
}

const ROLES = new Set(['system', 'developer', 'user', 'assistant', 'tool', 'function']);

function checkMessage(value: unknown, path: string): void {
  const message = objectAt(value, path);
  if (typeof message.role !== 'string' || !ROLES.has(message.role)) {
    throw wrongType(`${path}.role`, 'one of system, developer, user, assistant, tool, function');
  }
  optional(message, 'content', checkContent, path);
  optional(message, 'name', isString, path);
  if (message.role === 'assistant') {
    const calls = message.tool_calls;
    if (calls !== undefined && calls !== null) {
      if (!Array.isArray(calls)) throw wrongType(`${path}.tool_calls`, 'an array');
      calls.forEach((call, index) => checkToolCall(call, `${path}.tool_calls[${index}]`));
    }
    optional(message, 'reasoning_content', isString, path);
  }
  if (message.role === 'tool') optional(message, 'tool_call_id', isString, path);
}

function checkTool(value: unknown, path: string): void {
  const tool = objectAt(value, path);
  if (tool.type !== undefined && typeof tool.type !== 'string') {
    throw wrongType(`${path}.type`, 'a string');
  }
  if (tool.type !== undefined && tool.type !== 'function') return; // a built-in or vendor tool
  const fn = objectAt(tool.function, `${path}.function`);
  isString(fn.name, `${path}.function.name`);
  optional(fn, 'description', isString, `${path}.function`);
  optional(fn, 'parameters', isObject, `${path}.function`);
}

const FIELD_CHECKS: Record<string, Check> = {
  model: isString,
  messages: (value, path) => {
    if (!Array.isArray(value)) throw wrongType(path, 'an array');
    value.forEach((message, index) => checkMessage(message, `${path}[${index}]`));
  },
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
  stop: (value, path) => {
    if (typeof value === 'string') return;
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
      throw wrongType(path, 'a string or an array of strings');
    }
  },
  tools: (value, path) => {
    if (!Array.isArray(value)) throw wrongType(path, 'an array');
    value.forEach((tool, index) => checkTool(tool, `${path}[${index}]`));
  },
  tool_choice: (value, path) => {
    if (typeof value === 'string') return;
    const choice = objectAt(value, path);
    if (choice.function !== undefined) {
      optional(objectAt(choice.function, `${path}.function`), 'name', isString, `${path}.function`);
    }
  },
  response_format: (value, path) => {
    const format = objectAt(value, path);
    isString(format.type, `${path}.type`);
    if (format.type === 'json_schema' && format.json_schema !== undefined) {
      optional(
        objectAt(format.json_schema, `${path}.json_schema`),
        'schema',
        isObject,
        `${path}.json_schema`,
      );
    }
  },
};
