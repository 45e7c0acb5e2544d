import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { MockTaskStore } from './async-tasks.js';
import type { JsonRecord } from './json-shape.js';
import type { MockControls } from './mock-controls.js';
import type { MultipartForm } from './multipart-form.js';
import type { VertexAuthority } from './vertex-auth.js';
import type { BaiduAuthority } from './baidu-oauth.js';

/** Which provider an endpoint imitates; decides the error shape and the request-id header. */
export type Provider =
  | 'openai'
  | 'anthropic'
  | 'bedrock'
  | 'cohere'
  | 'google'
  | 'zhipu'
  | 'dashscope'
  | 'cloudflare'
  | 'jina'
  | 'baidu'
  | 'tencent'
  | 'dify';

/** Everything an endpoint handler needs to answer one request. */
export interface RouteContext {
  request: IncomingMessage;
  response: ServerResponse;
  /** The JSON body when it is an object, else an empty object. */
  body: JsonRecord;
  /** The body's bytes as received (what a signature covers). */
  rawBody: Buffer;
  /** The fields and files of a multipart body. */
  form: MultipartForm | undefined;
  controls: MockControls;
  /** The requested model without its control suffix ('' when none was sent). */
  model: string;
  provider: Provider;
  /** The mock's own base URL, e.g. for image links. */
  baseUrl: string;
  /** Sent back as `x-request-id` (OpenAI) or `request-id` (Anthropic): `req_mock` + sequence. */
  requestId: string;
  /** Deterministic ids: `${prefix}${counter}`, the counter restarting on reset(). */
  nextId(prefix: string): string;
  /** The Midjourney-proxy and Suno-API tasks of this server. */
  tasks: MockTaskStore;
  /** A timer the server cancels on close(). */
  schedule(callback: () => void, delayMs: number): void;
  /** Parts of the URL path a route reads (Gemini's model and method, Vertex's project). */
  pathParams: Readonly<Record<string, string>>;
  /** The body as text when it is not JSON (a form), else ''. */
  bodyText: string;
  /** The URL query. */
  query: Readonly<Record<string, string>>;
  /** Vertex AI's token authority (service accounts it trusts, tokens it issued). */
  vertex: VertexAuthority;
  /** Baidu's OAuth server (the tokens it issued). */
  baidu: BaiduAuthority;
}

/** `openai-organization` (OpenAI) / `anthropic-organization-id` (Anthropic) of every answer. */
export const MOCK_ORGANIZATION = 'org-mock';
/** `openai-version` of every OpenAI answer. */
export const MOCK_OPENAI_VERSION = '2020-10-01';
/** `openai-processing-ms` of every OpenAI answer. */
export const MOCK_PROCESSING_MS = '7';
/** The load balancer's cookie both APIs set; a gateway must not hand it to its clients. */
export const MOCK_SET_COOKIE = '__cf_bm=mock; path=/; HttpOnly; Secure; SameSite=None';

/**
 * The informational headers OpenAI and Anthropic send with every answer, success or error, plain
 * or streamed (besides the request id): API version, organisation, processing time, and the
 * cookie their edge sets.
 */
function informationalHeaders(context: RouteContext): OutgoingHttpHeaders {
  if (context.provider === 'openai') {
    return {
      'openai-version': MOCK_OPENAI_VERSION,
      'openai-organization': MOCK_ORGANIZATION,
      'openai-processing-ms': MOCK_PROCESSING_MS,
      'set-cookie': MOCK_SET_COOKIE,
    };
  }
  if (context.provider === 'anthropic') {
    return { 'anthropic-organization-id': MOCK_ORGANIZATION, 'set-cookie': MOCK_SET_COOKIE };
  }
  return {};
}

function requestIdHeader(context: RouteContext): string {
  if (context.provider === 'bedrock') return 'x-amzn-requestid';
  if (context.provider === 'google') return 'x-goog-request-id';
  return context.provider === 'anthropic' ? 'request-id' : 'x-request-id';
}

/** Destroys the connection without a response: how `x-mock-close-after-chunks` ends plain calls. */
function closedInsteadOfAnswer(context: RouteContext): boolean {
  if (context.controls.closeAfterChunks === undefined) return false;
  context.response.socket?.destroy();
  return true;
}

/** Sends bytes with their content type (and, unless told otherwise, as a complete body). */
export function sendBytes(
  context: RouteContext,
  status: number,
  contentType: string,
  payload: Buffer | string,
  extraHeaders: OutgoingHttpHeaders = {},
): void {
  if (closedInsteadOfAnswer(context)) return;
  context.response.writeHead(status, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(payload),
    [requestIdHeader(context)]: context.requestId,
    ...informationalHeaders(context),
    ...extraHeaders,
  });
  context.response.end(payload);
}

/** Half of the body: invalid JSON for `x-mock-malformed`. */
export function malformedJson(serialised: string): string {
  return serialised.slice(0, Math.max(1, Math.floor(serialised.length / 2)));
}

/** Sends JSON (an object, or a string already serialised), broken on purpose when asked. */
export function sendJson(context: RouteContext, status: number, payload: unknown): void {
  const serialised = typeof payload === 'string' ? payload : JSON.stringify(payload);
  const body = context.controls.malformed ? malformedJson(serialised) : serialised;
  sendBytes(context, status, 'application/json', body);
}

/** Sends plain text (transcription formats such as `text`, `srt`, `vtt`). */
export function sendText(context: RouteContext, status: number, text: string): void {
  sendBytes(context, status, 'text/plain; charset=utf-8', text);
}

/** Headers of every event stream. */
export function eventStreamHeaders(context: RouteContext): OutgoingHttpHeaders {
  return {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
    [requestIdHeader(context)]: context.requestId,
    ...informationalHeaders(context),
  };
}
