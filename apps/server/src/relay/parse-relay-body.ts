import type { ReasoningRequest, RelayMode, WireFormat } from '../providers/provider-adaptor.js';
import { RelayError } from '../errors/relay-error.js';
import { readChatCall } from '../providers/hub/read-chat-call.js';

/** The client's request, parsed once and kept for every retry. */
export interface ParsedRelayBody {
  /** The JSON body (undefined for multipart uploads). */
  json: Record<string, unknown> | undefined;
  /** The model the client asked for, after the per-mode defaults. */
  model: string;
  stream: boolean;
  clientWantsUsage: boolean;
  /** max_tokens / max_completion_tokens (0 when absent). */
  maxTokens: number;
  /**
   * For a format whose calls some channels cannot take natively (Responses): the request
   * converted to a chat call, built on first use. Throws a local RelayError when it cannot be.
   */
  toChat?: () => ParsedRelayBody;
  /** True when `json` is a conversion of the client's body, never to be forwarded as its bytes. */
  converted?: boolean;
  /** The client's body in its own format when `json` is a conversion of it (Claude Messages). */
  native?: { format: WireFormat; body: Record<string, unknown> };
  /** Reasoning wishes of the client's format that the internal call cannot carry. */
  reasoning?: ReasoningRequest;
  /** The client's fields the conversion of its format into `json` could not carry. */
  dropped?: readonly string[];
}

const MAX_TOKENS_LIMIT = 2 ** 30;

function isMultipart(contentType: string): boolean {
  return contentType.toLowerCase().startsWith('multipart/form-data');
}

/**
 * Reads a text field from a multipart body without buffering a copy or decoding the file part:
 * finds `name="<field>"` and takes the value up to the next boundary line.
 */
export function multipartField(
  body: Buffer,
  contentType: string,
  field: string,
): string | undefined {
  const boundaryMatch = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  const boundary = boundaryMatch?.[1] ?? boundaryMatch?.[2];
  if (!boundary) return undefined;
  const marker = Buffer.from(`name="${field}"`);
  const start = body.indexOf(marker);
  if (start < 0) return undefined;
  const valueStart = body.indexOf('\r\n\r\n', start);
  if (valueStart < 0) return undefined;
  const valueEnd = body.indexOf(`\r\n--${boundary}`, valueStart + 4);
  if (valueEnd < 0) return undefined;
  return body
    .subarray(valueStart + 4, valueEnd)
    .toString('utf8')
    .trim();
}

/**
 * A client's JSON request body as an object (an empty body reads as `{}`); anything else is a
 * local 400 saying why.
 */
export function readClientJsonObject(rawBody: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.length === 0 ? '{}' : rawBody.toString('utf8'));
  } catch (error) {
    throw RelayError.badRequest(`Invalid request, ${(error as Error).message}`, 'invalid_request');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw RelayError.badRequest(
      'Invalid request, the body must be a JSON object',
      'invalid_request',
    );
  }
  return parsed as Record<string, unknown>;
}

const isObject = (value: unknown) =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Refuses fields of the wrong type instead of forwarding them (upstream would fail, or worse,
 * misread them): only the fields the relay reads or that every upstream requires, checked on the
 * object already parsed.
 */
function checkFieldTypes(mode: RelayMode, json: Record<string, unknown>): void {
  if (json.model !== undefined && typeof json.model !== 'string') {
    throw RelayError.wrongFieldType('model', 'a string');
  }
  if (json.stream !== undefined && json.stream !== null && typeof json.stream !== 'boolean') {
    throw RelayError.wrongFieldType('stream', 'a boolean');
  }
  const streamOptions = json.stream_options;
  if (streamOptions !== undefined && streamOptions !== null && !isObject(streamOptions)) {
    throw RelayError.wrongFieldType('stream_options', 'an object');
  }
  for (const field of ['max_tokens', 'max_completion_tokens', 'n']) {
    const value = json[field];
    if (value !== undefined && value !== null && typeof value !== 'number') {
      throw RelayError.wrongFieldType(field, 'a number');
    }
  }
  if (mode === 'chat' && json.messages !== undefined) {
    if (!Array.isArray(json.messages)) throw RelayError.wrongFieldType('messages', 'an array');
    for (const message of json.messages) {
      if (!isObject(message)) throw RelayError.wrongFieldType('messages', 'an array of objects');
    }
  }
  if (json.tools !== undefined && json.tools !== null && !Array.isArray(json.tools)) {
    throw RelayError.wrongFieldType('tools', 'an array');
  }
}

function numberField(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/**
 * Parses and validates the body for a relay mode (reference §3.1 model detection and §3.4
 * validation). Every failure is a local 400.
 */
export function parseRelayBody(
  mode: RelayMode,
  rawBody: Buffer,
  contentType: string,
  pathModel?: string,
): ParsedRelayBody {
  if (mode === 'transcription' || mode === 'translation') {
    if (!isMultipart(contentType)) {
      throw RelayError.badRequest(
        'Invalid request, expected multipart/form-data',
        'invalid_request',
      );
    }
    const model = multipartField(rawBody, contentType, 'model') || 'whisper-1';
    return { json: undefined, model, stream: false, clientWantsUsage: false, maxTokens: 0 };
  }

  const json = readClientJsonObject(rawBody);
  checkFieldTypes(mode, json);
  let model = typeof json.model === 'string' ? json.model.trim() : '';
  if (!model) {
    if (mode === 'moderations') model = 'text-moderation-stable';
    else if (mode === 'embeddings' && pathModel) model = pathModel;
    else if (mode === 'images') model = 'dall-e-2';
    else if (mode === 'speech') model = 'tts-1';
  }
  if (!model) throw RelayError.badRequest('model is required', 'invalid_text_request');

  const limits = [numberField(json.max_tokens), numberField(json.max_completion_tokens)];
  if (limits.some((limit) => limit < 0 || limit > MAX_TOKENS_LIMIT)) {
    throw RelayError.badRequest('max_tokens is invalid', 'invalid_text_request');
  }
  const maxTokens = Math.max(...limits);
  if (mode === 'chat' && (!Array.isArray(json.messages) || json.messages.length === 0)) {
    throw RelayError.badRequest('field messages is required', 'invalid_text_request');
  }
  // The edge of the internal call: from here on a chat body is a ChatCall.
  if (mode === 'chat') readChatCall(json);
  if (
    mode === 'completions' &&
    (json.prompt === undefined || json.prompt === null || json.prompt === '')
  ) {
    throw RelayError.badRequest('field prompt is required', 'invalid_text_request');
  }
  if (mode === 'edits' && (typeof json.instruction !== 'string' || json.instruction === '')) {
    throw RelayError.badRequest('field instruction is required', 'invalid_text_request');
  }
  if (
    (mode === 'embeddings' || mode === 'moderations') &&
    (json.input === undefined || json.input === null || json.input === '')
  ) {
    throw RelayError.badRequest('field input is required', 'invalid_text_request');
  }
  if (mode === 'images' && (typeof json.prompt !== 'string' || json.prompt === '')) {
    throw RelayError.badRequest('field prompt is required', 'invalid_image_request');
  }
  if (mode === 'speech' && (typeof json.input !== 'string' || json.input === '')) {
    throw RelayError.badRequest('field input is required', 'invalid_audio_request');
  }
  if (mode === 'rerank' && (typeof json.query !== 'string' || !Array.isArray(json.documents))) {
    throw RelayError.badRequest(
      'fields query and documents are required',
      'invalid_rerank_request',
    );
  }
  const stream = json.stream === true && (mode === 'chat' || mode === 'completions');
  const streamOptions = json.stream_options as { include_usage?: unknown } | undefined;
  return {
    json,
    model,
    stream,
    clientWantsUsage: stream && streamOptions?.include_usage === true,
    maxTokens,
  };
}
