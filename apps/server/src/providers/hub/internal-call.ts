/**
 * The internal chat call: an OpenAI chat completion request, typed. Every inbound format reads its
 * client's request into this shape and every provider converts from it; the relay validates it
 * once at its edge (`readChatCall`), so converters trust the types instead of re-checking each
 * field.
 *
 * The wire shape is OpenAI's exactly: a ChatCall is the parsed JSON object itself (no copy, no
 * wrapper), so a call that passes through is forwarded byte for byte. Fields the hub does not know
 * (an OpenAI parameter newer than Tollgate, a vendor's extension) stay on the object, invisible to
 * the types: OpenAI-style providers forward them, converting providers report them as dropped
 * (`unknownCallFields`).
 *
 * Optional fields admit `null`, which OpenAI's API and its clients send for "unset".
 */
import type { JsonObject } from '../json-guards.js';

/** A text part; `cache_control` is a Claude extension carried to Claude channels. */
export interface TextPart {
  type: 'text';
  text: string;
  cache_control?: JsonObject;
}

/** An image by URL (http(s) or a base64 `data:` URL); some clients send the bare URL string. */
export interface ImageUrlPart {
  type: 'image_url';
  image_url: { url: string; detail?: string } | string;
  cache_control?: JsonObject;
}

/** Base64 audio (`wav`, `mp3`). */
export interface InputAudioPart {
  type: 'input_audio';
  input_audio: { data: string; format?: string };
}

/** A file: base64 `file_data` as a data URL, or an uploaded `file_id`. */
export interface FilePart {
  type: 'file';
  file: { file_data?: string; file_id?: string; filename?: string };
  cache_control?: JsonObject;
}

/** A refusal in an assistant message of the history. */
export interface RefusalPart {
  type: 'refusal';
  refusal: string;
}

/** The content parts every converter knows. */
export type KnownContentPart = TextPart | ImageUrlPart | InputAudioPart | FilePart | RefusalPart;

/**
 * A part of another type (a vendor's `video_url`, a Claude `image` block a client sent through):
 * forwarded as sent to OpenAI-style upstreams; a converter takes the ones it knows and reports
 * the rest dropped. Narrow with `isKnownPart` before switching on `type`.
 */
export interface VendorContentPart {
  type: string;
  [field: string]: unknown;
}

export type ContentPart = KnownContentPart | VendorContentPart;

/** Message content: text, parts, or null (an assistant turn with only tool calls). */
export type MessageContent = string | ContentPart[] | null;

/** A tool call of an earlier assistant turn (ids and arguments as the client kept them). */
export interface ToolCall {
  id?: string;
  type?: 'function';
  function: { name: string; arguments?: string };
  /** Gemini's thought signature, as Google's OpenAI endpoint carries it (`google.thought_signature`). */
  extra_content?: JsonObject;
}

export interface SystemMessage {
  role: 'system' | 'developer';
  content?: MessageContent;
  name?: string;
}

export interface UserMessage {
  role: 'user';
  content?: MessageContent;
  name?: string;
}

export interface AssistantMessage {
  role: 'assistant';
  content?: MessageContent;
  name?: string;
  tool_calls?: ToolCall[] | null;
  /** The legacy single function call. */
  function_call?: { name: string; arguments: string } | null;
  /** Reasoning of an earlier turn (DeepSeek-style history). */
  reasoning_content?: string | null;
  refusal?: string | null;
}

export interface ToolMessage {
  role: 'tool';
  content?: MessageContent;
  /** Required by OpenAI; left to upstream to refuse, and to converters that need it. */
  tool_call_id?: string;
}

/** The legacy function result. */
export interface FunctionMessage {
  role: 'function';
  content?: MessageContent;
  name?: string;
  tool_call_id?: string;
}

/** One message of the conversation, told apart by `role`. */
export type ChatMessage =
  | SystemMessage
  | UserMessage
  | AssistantMessage
  | ToolMessage
  | FunctionMessage;

export type ChatRole = ChatMessage['role'];

export interface FunctionDefinition {
  name: string;
  description?: string;
  parameters?: JsonObject;
  strict?: boolean | null;
}

/** A function tool; a missing `type` means a function (clients omit it). */
export interface FunctionTool {
  type?: 'function';
  function: FunctionDefinition;
}

/** A tool of another type (OpenAI built-ins, a vendor's `web_search`): narrow with `isFunctionTool`. */
export interface VendorTool {
  type: string;
  [field: string]: unknown;
}

export type ChatTool = FunctionTool | VendorTool;

/** `none` / `auto` / `required`, or a named function (`{type: "function", function: {name}}`). */
export type ToolChoice = string | { type?: string; function?: { name?: string } };

export type ResponseFormat =
  | { type: 'text' }
  | { type: 'json_object' }
  | {
      type: 'json_schema';
      json_schema?: { name?: string; description?: string; schema?: JsonObject; strict?: boolean };
    };

/** The internal call of a chat completion. */
export interface ChatCall {
  model: string;
  messages: ChatMessage[];
  stream?: boolean | null;
  stream_options?: { include_usage?: boolean | null } | null;
  max_tokens?: number | null;
  max_completion_tokens?: number | null;
  temperature?: number | null;
  top_p?: number | null;
  /** Not OpenAI's: Claude and Gemini clients' top-k, carried to upstreams that take it. */
  top_k?: number | null;
  n?: number | null;
  stop?: string | string[] | null;
  presence_penalty?: number | null;
  frequency_penalty?: number | null;
  seed?: number | null;
  user?: string | null;
  tools?: ChatTool[] | null;
  tool_choice?: ToolChoice | null;
  parallel_tool_calls?: boolean | null;
  response_format?: ResponseFormat | null;
  reasoning_effort?: string | null;
  logprobs?: boolean | null;
  top_logprobs?: number | null;
  /** Not OpenAI's: a Claude `thinking` object, sent as is to Claude channels. */
  thinking?: JsonObject | null;
}

/** The fields ChatCall names; anything else on a call is unknown to the hub. */
export const CHAT_CALL_FIELDS: ReadonlySet<string> = new Set<keyof ChatCall>([
  'model',
  'messages',
  'stream',
  'stream_options',
  'max_tokens',
  'max_completion_tokens',
  'temperature',
  'top_p',
  'top_k',
  'n',
  'stop',
  'presence_penalty',
  'frequency_penalty',
  'seed',
  'user',
  'tools',
  'tool_choice',
  'parallel_tool_calls',
  'response_format',
  'reasoning_effort',
  'logprobs',
  'top_logprobs',
  'thinking',
]);

const KNOWN_PART_TYPES: ReadonlySet<string> = new Set<KnownContentPart['type']>([
  'text',
  'image_url',
  'input_audio',
  'file',
  'refusal',
]);

export function isKnownPart(part: ContentPart): part is KnownContentPart {
  return KNOWN_PART_TYPES.has(part.type);
}

export function isFunctionTool(tool: ChatTool): tool is FunctionTool {
  return tool.type === undefined || tool.type === 'function';
}

/** The URL of an image part, whichever of its two shapes the client used. */
export function imagePartUrl(part: ImageUrlPart): string {
  return typeof part.image_url === 'string' ? part.image_url : part.image_url.url;
}

/**
 * The top-level fields of a call the hub does not name (the "extra" bag: an OpenAI parameter
 * newer than Tollgate, a vendor's extension), in the client's order. They stay on the call for
 * OpenAI-style providers; a converting provider that carries some of them names those in `carried`.
 */
export function unknownCallFields(call: ChatCall, carried: ReadonlySet<string> = EMPTY): string[] {
  const names: string[] = [];
  for (const name of Object.keys(call)) {
    if (!CHAT_CALL_FIELDS.has(name) && !carried.has(name)) names.push(name);
  }
  return names;
}

const EMPTY: ReadonlySet<string> = new Set();

/** One unknown field of a call, read as untyped JSON (for converters that carry a vendor's field). */
export function extraField(call: ChatCall, name: string): unknown {
  return (call as unknown as JsonObject)[name];
}
