import {
  isJsonObject,
  readArray,
  readNumber,
  readObject,
  readString,
  type JsonObject,
} from '../../../providers/json-guards.js';
import { DroppedFields } from '../../../providers/hub/dropped-fields.js';

/** The request fields the conversion reads; any other set field is reported dropped. */
const READ_FIELDS: ReadonlySet<string> = new Set([
  'model',
  'messages',
  'system',
  'max_tokens',
  'temperature',
  'top_p',
  'stop_sequences',
  'stream',
  'metadata',
  'tools',
  'tool_choice',
  'thinking',
]);

/**
 * A Claude Messages request as the internal call (an OpenAI chat request), for channels that do
 * not speak Claude Messages:
 *   system (string or text blocks)      → a leading system message (block texts joined by \n)
 *   text / image / document blocks      → content parts (text, image_url with a data: or https
 *                                         URL, file with a data: URL; text documents as text)
 *   assistant tool_use blocks           → tool_calls (input serialised as arguments)
 *   user tool_result blocks             → tool messages, before the rest of that user turn
 *                                         (images in a result follow as a user message)
 *   thinking / redacted_thinking        → dropped (no OpenAI-style upstream takes them back)
 *   tools (custom, with input_schema)   → function tools; server tools are dropped
 *   tool_choice auto/any/tool/none      → auto/required/{function}/none; disable_parallel_tool_use
 *                                         → parallel_tool_calls false
 *   thinking enabled (budget_tokens)    → reasoning_effort low (< 4096) / medium (< 16384) / high
 *   stop_sequences → stop, max_tokens, temperature, top_p, metadata.user_id → user,
 *   stream → stream with stream_options.include_usage (the usage the final events need).
 * top_k and other Claude-only fields are dropped: OpenAI's API refuses unknown parameters.
 * Every dropped field (top-level ones, `cache_control`, thinking and server-tool blocks, server
 * tools) is named in `dropped`. Pure; the input must be a validated request (see
 * readMessagesRequest).
 */
export function messagesRequestToInternal(
  request: JsonObject,
  dropped: DroppedFields = new DroppedFields(),
): JsonObject {
  dropped.addUnread(request, READ_FIELDS);
  const messages: JsonObject[] = [];
  const system = systemText(request.system, dropped);
  if (system) messages.push({ role: 'system', content: system });
  for (const message of readArray(request, 'messages') ?? []) {
    if (!isJsonObject(message)) continue;
    if (message.role === 'assistant') messages.push(assistantMessage(message.content, dropped));
    else messages.push(...userMessages(message.content, dropped));
  }

  const body: JsonObject = { model: request.model, messages };
  const maxTokens = readNumber(request, 'max_tokens');
  if (maxTokens !== undefined) body.max_tokens = maxTokens;
  for (const key of ['temperature', 'top_p'] as const) {
    const value = readNumber(request, key);
    if (value !== undefined) body[key] = value;
  }
  const stop = readArray(request, 'stop_sequences')?.filter(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  if (stop && stop.length > 0) body.stop = stop;
  if (request.stream === true) {
    body.stream = true;
    body.stream_options = { include_usage: true };
  }
  const userId =
    readObject(request, 'metadata') && readString(request.metadata as JsonObject, 'user_id');
  if (userId) body.user = userId;

  const tools = convertTools(request.tools, dropped);
  if (tools.length > 0) {
    body.tools = tools;
    const choice = readObject(request, 'tool_choice');
    if (choice) {
      const converted = convertToolChoice(choice);
      if (converted !== undefined) body.tool_choice = converted;
      if (choice.disable_parallel_tool_use === true) body.parallel_tool_calls = false;
    }
  }
  const effort = reasoningEffort(readObject(request, 'thinking'));
  if (effort) body.reasoning_effort = effort;
  return body;
}

/** The system prompt as one text: a string, or the texts of its blocks joined by a line break. */
export function systemText(system: unknown, dropped?: DroppedFields): string {
  if (typeof system === 'string') return system;
  if (!Array.isArray(system)) return '';
  return system
    .filter(isJsonObject)
    .map((block) => noteCacheControl(block, dropped))
    .map((block) => (typeof block.text === 'string' ? block.text : ''))
    .filter((text) => text !== '')
    .join('\n');
}

function sourceUrl(source: JsonObject | undefined): string | undefined {
  if (!source) return undefined;
  if (source.type === 'base64') {
    const mediaType = readString(source, 'media_type') ?? 'application/octet-stream';
    const data = readString(source, 'data');
    return data === undefined ? undefined : `data:${mediaType};base64,${data}`;
  }
  if (source.type === 'url') return readString(source, 'url');
  return undefined;
}

/** `cache_control` has no OpenAI form: noted dropped wherever a block carries it. */
function noteCacheControl(block: JsonObject, dropped: DroppedFields | undefined): JsonObject {
  if (block.cache_control !== undefined && block.cache_control !== null) {
    dropped?.add('cache_control');
  }
  return block;
}

/** One Claude content block as an OpenAI content part (undefined for blocks with none). */
function contentPart(block: JsonObject, dropped: DroppedFields): JsonObject | undefined {
  noteCacheControl(block, dropped);
  switch (block.type) {
    case 'text':
      return { type: 'text', text: readString(block, 'text') ?? '' };
    case 'image': {
      const url = sourceUrl(readObject(block, 'source'));
      return url ? { type: 'image_url', image_url: { url } } : undefined;
    }
    case 'document': {
      const source = readObject(block, 'source');
      if (source?.type === 'text') return { type: 'text', text: readString(source, 'data') ?? '' };
      const url = sourceUrl(source);
      if (!url) return undefined;
      const filename = readString(block, 'title') ?? 'document.pdf';
      return url.startsWith('data:')
        ? { type: 'file', file: { filename, file_data: url } }
        : { type: 'text', text: url };
    }
    default:
      dropped.add(`content.${String(block.type)}`);
      return undefined;
  }
}

/** Parts as a message content: a plain string when they are all text. */
function partsContent(parts: JsonObject[]): string | JsonObject[] {
  if (parts.every((part) => part.type === 'text')) {
    return parts.map((part) => part.text as string).join('\n');
  }
  return parts;
}

function userMessages(content: unknown, dropped: DroppedFields): JsonObject[] {
  if (!Array.isArray(content))
    return [{ role: 'user', content: typeof content === 'string' ? content : '' }];
  const messages: JsonObject[] = [];
  const parts: JsonObject[] = [];
  for (const block of content) {
    if (!isJsonObject(block)) continue;
    if (block.type === 'tool_result') {
      const result = toolResult(noteCacheControl(block, dropped), dropped);
      messages.push(result.message);
      parts.push(...result.images);
      continue;
    }
    const part = contentPart(block, dropped);
    if (part) parts.push(part);
  }
  if (parts.length > 0) messages.push({ role: 'user', content: partsContent(parts) });
  return messages;
}

function toolResult(
  block: JsonObject,
  dropped: DroppedFields,
): { message: JsonObject; images: JsonObject[] } {
  const content = block.content;
  let text = '';
  const images: JsonObject[] = [];
  if (typeof content === 'string') text = content;
  else if (Array.isArray(content)) {
    const texts: string[] = [];
    for (const item of content) {
      if (!isJsonObject(item)) continue;
      const part = contentPart(item, dropped);
      if (!part) continue;
      if (part.type === 'text') texts.push(part.text as string);
      else images.push(part);
    }
    text = texts.join('\n');
  }
  return {
    message: { role: 'tool', tool_call_id: readString(block, 'tool_use_id') ?? '', content: text },
    images,
  };
}

function assistantMessage(content: unknown, dropped: DroppedFields): JsonObject {
  if (!Array.isArray(content)) {
    return { role: 'assistant', content: typeof content === 'string' ? content : '' };
  }
  const texts: string[] = [];
  const toolCalls: JsonObject[] = [];
  for (const block of content) {
    if (!isJsonObject(block)) continue;
    noteCacheControl(block, dropped);
    if (block.type === 'text' && typeof block.text === 'string') texts.push(block.text);
    else if (block.type === 'tool_use') {
      toolCalls.push({
        id: readString(block, 'id') ?? '',
        type: 'function',
        function: {
          name: readString(block, 'name') ?? '',
          arguments: JSON.stringify(isJsonObject(block.input) ? block.input : {}),
        },
      });
    } else dropped.add(`content.${String(block.type)}`);
  }
  const message: JsonObject = {
    role: 'assistant',
    content: texts.length > 0 ? texts.join('') : null,
  };
  if (toolCalls.length > 0) message.tool_calls = toolCalls;
  else if (message.content === null) message.content = '';
  return message;
}

function convertTools(tools: unknown, dropped: DroppedFields): JsonObject[] {
  if (!Array.isArray(tools)) return [];
  const converted: JsonObject[] = [];
  for (const tool of tools) {
    if (!isJsonObject(tool)) continue;
    noteCacheControl(tool, dropped);
    if (!isJsonObject(tool.input_schema) || (tool.type !== undefined && tool.type !== 'custom')) {
      dropped.add(`tools.${String(tool.type ?? tool.name)}`);
      continue;
    }
    const fn: JsonObject = { name: readString(tool, 'name') ?? '', parameters: tool.input_schema };
    const description = readString(tool, 'description');
    if (description) fn.description = description;
    converted.push({ type: 'function', function: fn });
  }
  return converted;
}

function convertToolChoice(choice: JsonObject): unknown {
  switch (choice.type) {
    case 'auto':
      return 'auto';
    case 'any':
      return 'required';
    case 'none':
      return 'none';
    case 'tool': {
      const name = readString(choice, 'name');
      return name ? { type: 'function', function: { name } } : undefined;
    }
    default:
      return undefined;
  }
}

/** Extended thinking as an OpenAI reasoning effort, by its budget. */
export function reasoningEffort(thinking: JsonObject | undefined): string | undefined {
  if (!thinking) return undefined;
  if (thinking.type === 'adaptive') return 'medium';
  if (thinking.type !== 'enabled') return undefined;
  const budget = readNumber(thinking, 'budget_tokens') ?? 0;
  if (budget < 4096) return 'low';
  if (budget < 16384) return 'medium';
  return 'high';
}
