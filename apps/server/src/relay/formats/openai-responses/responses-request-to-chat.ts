import { RelayError } from '../../../errors/relay-error.js';
import {
  isJsonObject,
  readObject,
  readString,
  type JsonObject,
} from '../../../providers/json-guards.js';
import { DroppedFields } from '../../../providers/hub/dropped-fields.js';

/**
 * OpenAI Responses requests converted to the internal call (a chat completion request), for
 * channels that do not serve the Responses API themselves. Pure functions: every failure is a
 * local RelayError (400) naming the field, so a client learns what this channel cannot do.
 */

function unsupported(message: string, param: string): RelayError {
  return new RelayError(
    400,
    message,
    'invalid_request_error',
    'unsupported_parameter',
    true,
    param,
  );
}

/** Fields that need state Tollgate does not keep (it stores no responses or conversations). */
const STATEFUL_FIELDS = ['previous_response_id', 'conversation'] as const;

/** Responses request fields copied to the chat request unchanged. */
const COPIED_FIELDS = ['temperature', 'top_p', 'parallel_tool_calls', 'user'];

/** The request fields the conversion reads; any other set field is reported dropped. */
const READ_FIELDS: ReadonlySet<string> = new Set([
  ...STATEFUL_FIELDS,
  ...COPIED_FIELDS,
  'model',
  'background',
  'instructions',
  'input',
  'max_output_tokens',
  'reasoning',
  'tools',
  'tool_choice',
  'text',
  'stream',
]);

/**
 * The chat completion request for a Responses request body (already shape-checked as an object
 * with a string `model`): `instructions` and `input` become messages, function tools and
 * `tool_choice` their chat forms, `text.format` the `response_format`, `reasoning.effort`
 * `reasoning_effort`, `max_output_tokens` `max_tokens`. A stream asks for usage. Set fields it
 * does not read (`store`, `include`, `truncation`…) are named in `dropped`.
 */
export function responsesRequestToChat(
  body: JsonObject,
  dropped: DroppedFields = new DroppedFields(),
): JsonObject {
  dropped.addUnread(body, READ_FIELDS);
  for (const field of STATEFUL_FIELDS) {
    if (body[field] !== undefined && body[field] !== null) {
      throw unsupported(
        `${field} is not supported on this channel: it does not serve the Responses API, and ` +
          'Tollgate does not store conversations; send the whole conversation in input',
        field,
      );
    }
  }
  if (body.background === true) {
    throw unsupported('background responses are not supported on this channel', 'background');
  }

  const chat: JsonObject = { model: body.model };
  const messages: JsonObject[] = [];
  if (typeof body.instructions === 'string' && body.instructions !== '') {
    messages.push({ role: 'system', content: body.instructions });
  }
  messages.push(...inputToMessages(body.input));
  if (messages.length === 0) {
    throw RelayError.badRequest('field input is required', 'invalid_text_request');
  }
  chat.messages = messages;

  for (const field of COPIED_FIELDS) {
    if (body[field] !== undefined && body[field] !== null) chat[field] = body[field];
  }
  if (typeof body.max_output_tokens === 'number') chat.max_tokens = body.max_output_tokens;
  const reasoning = readObject(body, 'reasoning');
  const effort = reasoning && readString(reasoning, 'effort');
  if (effort) chat.reasoning_effort = effort;

  const tools = convertTools(body.tools);
  if (tools.length > 0) chat.tools = tools;
  const toolChoice = convertToolChoice(body.tool_choice);
  if (toolChoice !== undefined) chat.tool_choice = toolChoice;

  const text = readObject(body, 'text');
  const format = text && readObject(text, 'format');
  const responseFormat = format && convertTextFormat(format);
  if (responseFormat) chat.response_format = responseFormat;

  if (body.stream === true) {
    chat.stream = true;
    chat.stream_options = { include_usage: true };
  }
  return chat;
}

/** `input`: a string (one user message) or a list of items. */
function inputToMessages(input: unknown): JsonObject[] {
  if (input === undefined || input === null) return [];
  if (typeof input === 'string') return [{ role: 'user', content: input }];
  if (!Array.isArray(input)) {
    throw unsupported('field input must be a string or an array of items', 'input');
  }
  const messages: JsonObject[] = [];
  input.forEach((item: unknown, index) => {
    if (!isJsonObject(item)) {
      throw unsupported(`input[${index}] must be an object`, `input[${index}]`);
    }
    const type = item.type ?? 'message';
    switch (type) {
      case 'message':
        messages.push(messageItem(item, index));
        break;
      case 'function_call':
        addFunctionCall(messages, item, index);
        break;
      case 'function_call_output':
        messages.push({
          role: 'tool',
          tool_call_id: requiredString(item, 'call_id', index),
          content: outputText(item.output),
        });
        break;
      case 'reasoning':
        // Reasoning of an earlier turn: chat upstreams take no reasoning input.
        break;
      default:
        throw unsupported(
          `input item type ${String(type)} is not supported on this channel`,
          `input[${index}].type`,
        );
    }
  });
  return messages;
}

function requiredString(item: JsonObject, field: string, index: number): string {
  const value = item[field];
  if (typeof value !== 'string' || value === '') {
    throw unsupported(`input[${index}].${field} must be a non-empty string`, `input[${index}]`);
  }
  return value;
}

const ROLES: Readonly<Record<string, string>> = {
  user: 'user',
  assistant: 'assistant',
  system: 'system',
  // Chat upstreams other than OpenAI's own know no developer role; it is a system instruction.
  developer: 'system',
};

function messageItem(item: JsonObject, index: number): JsonObject {
  const role = ROLES[String(item.role)];
  if (!role) {
    throw unsupported(`input[${index}].role must be user, assistant, system or developer`, 'role');
  }
  const content = item.content;
  if (typeof content === 'string') return { role, content };
  if (!Array.isArray(content)) {
    throw unsupported(`input[${index}].content must be a string or an array`, 'content');
  }
  const parts = content.map((part: unknown) => contentPart(part, index));
  // Instructions and earlier answers are text: joined, as every chat upstream accepts a string.
  if (role !== 'user' || parts.every((part) => part.type === 'text')) {
    return { role, content: parts.map((part) => (part.type === 'text' ? part.text : '')).join('') };
  }
  return { role, content: parts };
}

function contentPart(part: unknown, index: number): JsonObject {
  if (!isJsonObject(part))
    throw unsupported(`input[${index}].content holds a non-object`, 'content');
  switch (part.type) {
    case 'input_text':
    case 'output_text':
      return { type: 'text', text: typeof part.text === 'string' ? part.text : '' };
    case 'refusal':
      return { type: 'text', text: typeof part.refusal === 'string' ? part.refusal : '' };
    case 'input_image': {
      if (typeof part.image_url !== 'string' || part.image_url === '') {
        throw unsupported(
          'input_image needs image_url on this channel (file_id needs the Responses API)',
          `input[${index}].content`,
        );
      }
      const image: JsonObject = { url: part.image_url };
      if (typeof part.detail === 'string') image.detail = part.detail;
      return { type: 'image_url', image_url: image };
    }
    case 'input_file': {
      if (typeof part.file_data !== 'string') {
        throw unsupported(
          'input_file needs file_data on this channel (file_id and file_url need the Responses API)',
          `input[${index}].content`,
        );
      }
      const file: JsonObject = { file_data: part.file_data };
      if (typeof part.filename === 'string') file.filename = part.filename;
      return { type: 'file', file };
    }
    default:
      throw unsupported(
        `content part type ${String(part.type)} is not supported on this channel`,
        `input[${index}].content`,
      );
  }
}

/** A function_call item joins the assistant message before it (parallel calls are one message). */
function addFunctionCall(messages: JsonObject[], item: JsonObject, index: number): void {
  const call = {
    id: requiredString(item, 'call_id', index),
    type: 'function',
    function: {
      name: requiredString(item, 'name', index),
      arguments: typeof item.arguments === 'string' ? item.arguments : '{}',
    },
  };
  const last = messages[messages.length - 1];
  if (last && last.role === 'assistant') {
    const calls = Array.isArray(last.tool_calls) ? last.tool_calls : [];
    last.tool_calls = [...calls, call];
    return;
  }
  messages.push({ role: 'assistant', content: null, tool_calls: [call] });
}

/** A function_call_output's `output`: a string, or content parts whose text is kept. */
function outputText(output: unknown): string {
  if (typeof output === 'string') return output;
  if (!Array.isArray(output)) return output === undefined ? '' : JSON.stringify(output);
  return output
    .map((part: unknown) => (isJsonObject(part) && typeof part.text === 'string' ? part.text : ''))
    .join('');
}

function convertTools(tools: unknown): JsonObject[] {
  if (tools === undefined || tools === null) return [];
  if (!Array.isArray(tools)) throw unsupported('field tools must be an array', 'tools');
  return tools.map((tool: unknown, index) => {
    if (!isJsonObject(tool) || tool.type !== 'function') {
      const type = isJsonObject(tool) ? String(tool.type) : typeof tool;
      throw unsupported(
        `tool type ${type} is not supported on this channel (only function tools are)`,
        `tools[${index}]`,
      );
    }
    if (typeof tool.name !== 'string' || tool.name === '') {
      throw unsupported(`tools[${index}].name must be a non-empty string`, `tools[${index}]`);
    }
    const definition: JsonObject = { name: tool.name };
    if (typeof tool.description === 'string') definition.description = tool.description;
    if (tool.parameters !== undefined && tool.parameters !== null) {
      definition.parameters = tool.parameters;
    }
    if (typeof tool.strict === 'boolean') definition.strict = tool.strict;
    return { type: 'function', function: definition };
  });
}

function convertToolChoice(choice: unknown): unknown {
  if (choice === undefined || choice === null) return undefined;
  if (choice === 'auto' || choice === 'none' || choice === 'required') return choice;
  if (isJsonObject(choice) && choice.type === 'function' && typeof choice.name === 'string') {
    return { type: 'function', function: { name: choice.name } };
  }
  throw unsupported(
    'tool_choice must be auto, none, required or a function on this channel',
    'tool_choice',
  );
}

/** `text.format` → `response_format` (plain text needs none). */
function convertTextFormat(format: JsonObject): JsonObject | undefined {
  if (format.type === 'json_object') return { type: 'json_object' };
  if (format.type !== 'json_schema') return undefined;
  const schema: JsonObject = {
    name: typeof format.name === 'string' && format.name ? format.name : 'response',
  };
  if (format.schema !== undefined) schema.schema = format.schema;
  if (typeof format.strict === 'boolean') schema.strict = format.strict;
  if (typeof format.description === 'string') schema.description = format.description;
  return { type: 'json_schema', json_schema: schema };
}
