import { dataEvent, writeEventStream, type StreamPlan } from './event-stream.js';
import { isRecord, readArray, readString, type JsonRecord } from './json-shape.js';
import { DEFAULT_EMBEDDING_DIMENSIONS, mockEmbedding } from './openai-embeddings.js';
import {
  chunkText,
  completionTokens,
  contentText,
  promptTokensForCharacters,
  replyText,
} from './reply-content.js';
import { sendJson, type RouteContext } from './route-context.js';
import type { Route } from './routes.js';
import { openAiToolCall } from './tool-calls.js';
import { handleToken } from './baidu-oauth.js';

/**
 * Baidu's ERNIE (wenxinworkshop) API: chat and embeddings that require a live token from the
 * mock's OAuth server (baidu-oauth.ts), errors as Baidu sends them (HTTP 200 with
 * `error_code`/`error_msg`).
 */

const TOKEN_PATH = '/oauth/2.0/token';
const WENXIN_PATH = /^\/rpc\/2\.0\/ai_custom\/v1\/wenxinworkshop\/(chat|embeddings)\/([^/]+)$/;
/** Endpoints that accept `functions` (ERNIE 3.5 and 4.0). */
const FUNCTION_ENDPOINTS = /^(completions|completions_pro|ernie-3\.5.*|ernie-4\.0.*)$/;
/** ERNIE embeddings take at most 16 texts per call. */
const MAX_EMBEDDING_INPUTS = 16;

/** An ERNIE error: HTTP 200, as Baidu answers them. */
function sendErnieError(context: RouteContext, code: number, message: string): void {
  sendJson(context, 200, { error_code: code, error_msg: message });
}

const TOKEN_MESSAGES = {
  110: 'Access token invalid or no longer valid',
  111: 'Access token expired',
} as const;

/** True (and answered) when the call's `access_token` is not live. */
function tokenRefused(context: RouteContext): boolean {
  const status = context.baidu.check(context.query.access_token);
  if (status === 0) return false;
  sendErnieError(context, status, TOKEN_MESSAGES[status]);
  return true;
}

/**
 * Why an ERNIE message list is refused, or undefined: it must be non-empty, of odd length, start
 * with `user`, alternate user/assistant (a `function` answer follows an assistant function call)
 * and end with `user` or `function`.
 */
function messagesProblem(messages: unknown[]): string | undefined {
  if (messages.length === 0 || messages.length % 2 === 0) {
    return 'the length of messages must be an odd number';
  }
  for (const [index, message] of messages.entries()) {
    if (!isRecord(message)) return 'Invalid parameter: messages';
    const role = readString(message, 'role');
    const expected = index % 2 === 0 ? ['user', 'function'] : ['assistant'];
    if (role === undefined || !expected.includes(role)) {
      return 'Invalid parameter: the role of messages must alternate user/assistant';
    }
    const previous = messages[index - 1];
    if (role === 'function' && !(isRecord(previous) && isRecord(previous.function_call))) {
      return 'Invalid parameter: a function message must answer a function call';
    }
  }
  return undefined;
}

/** Fields of OpenAI's request shape ERNIE does not take. */
const OPENAI_ONLY_FIELDS = ['model', 'max_tokens', 'tools', 'n', 'frequency_penalty'];

function chatPlan(context: RouteContext, id: string, prompt: number): StreamPlan {
  const { controls } = context;
  const created = Math.floor(Date.now() / 1000);
  const event = (index: number, fields: JsonRecord): string =>
    dataEvent(
      JSON.stringify({
        id,
        object: 'chat.completion',
        created,
        sentence_id: index,
        is_end: false,
        is_truncated: false,
        result: '',
        need_clear_history: false,
        ...fields,
      }),
    );
  const content: string[] = [];
  for (let index = 0; index < controls.chunks; index += 1) {
    const done = completionTokens(index + 1);
    const usage = { prompt_tokens: prompt, completion_tokens: done, total_tokens: prompt + done };
    content.push(
      event(index, { result: chunkText(index), ...(controls.omitUsage ? {} : { usage }) }),
    );
  }
  const total = completionTokens(controls.chunks);
  const usage = { prompt_tokens: prompt, completion_tokens: total, total_tokens: prompt + total };
  return {
    head: '',
    content,
    tail: event(controls.chunks, {
      is_end: true,
      finish_reason: 'normal',
      ...(controls.omitUsage ? {} : { usage }),
    }),
    malformedEvent: dataEvent('{"id":"broken","result":'),
    errorEvent: dataEvent(
      JSON.stringify({ error_code: 336100, error_msg: 'ERNIE internal error, please try again' }),
    ),
  };
}

/** `POST …/wenxinworkshop/chat/{endpoint}`: the deterministic reply, a function call, a stream. */
function handleChat(context: RouteContext): void {
  if (tokenRefused(context)) return;
  const { body, controls } = context;
  const refused = OPENAI_ONLY_FIELDS.find((field) => body[field] !== undefined);
  if (refused !== undefined) {
    sendErnieError(context, 336003, `Invalid parameter: unknown field ${refused}`);
    return;
  }
  const messages = readArray(body, 'messages') ?? [];
  const problem = messagesProblem(messages);
  if (problem !== undefined) {
    sendErnieError(context, 336006, problem);
    return;
  }
  const functions = readArray(body, 'functions');
  if (functions !== undefined && !FUNCTION_ENDPOINTS.test(context.model)) {
    sendErnieError(
      context,
      336003,
      `Invalid parameter: ${context.model} does not support functions`,
    );
    return;
  }
  const system = readString(body, 'system') ?? '';
  let characters = system.length;
  for (const message of messages) {
    if (isRecord(message)) characters += contentText(message.content).length;
  }
  const prompt = promptTokensForCharacters(characters);
  const id = `as-${context.nextId('mock')}`;
  const last = messages[messages.length - 1];
  const answered = isRecord(last) && last.role === 'function';
  const call =
    functions === undefined || answered
      ? undefined
      : openAiToolCall({
          tools: functions.map((fn) => ({ type: 'function', function: fn })),
          tool_choice: body.tool_choice,
        });
  if (body.stream === true && call === undefined) {
    writeEventStream(context, chatPlan(context, id, prompt));
    return;
  }
  const completion = call ? completionTokens(1) : completionTokens(controls.chunks);
  const answer: JsonRecord = {
    id,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    result: call ? '' : replyText(controls.chunks),
    is_truncated: false,
    need_clear_history: false,
    finish_reason: call ? 'function_call' : 'normal',
  };
  if (call) {
    answer.function_call = {
      name: call.name,
      thoughts: 'I need to call the tool.',
      arguments: call.arguments,
    };
  }
  if (!controls.omitUsage) {
    answer.usage = {
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
    };
  }
  if (body.stream === true) {
    // A function call comes in one event, which ends the stream.
    context.response.writeHead(200, { 'content-type': 'text/event-stream' });
    context.response.end(dataEvent(JSON.stringify({ ...answer, sentence_id: 0, is_end: true })));
    return;
  }
  sendJson(context, 200, answer);
}

/** `POST …/wenxinworkshop/embeddings/{endpoint}`: one mock vector per text. */
function handleEmbeddings(context: RouteContext): void {
  if (tokenRefused(context)) return;
  const input = readArray(context.body, 'input');
  if (
    input === undefined ||
    input.length === 0 ||
    input.length > MAX_EMBEDDING_INPUTS ||
    !input.every((text) => typeof text === 'string')
  ) {
    sendErnieError(context, 336003, 'Invalid parameter: input must hold 1 to 16 texts');
    return;
  }
  const texts = input as string[];
  const prompt = promptTokensForCharacters(texts.reduce((sum, text) => sum + text.length, 0));
  sendJson(context, 200, {
    id: `as-${context.nextId('mock')}`,
    object: 'embedding_list',
    created: Math.floor(Date.now() / 1000),
    data: texts.map((text, index) => ({
      object: 'embedding',
      embedding: mockEmbedding(text, DEFAULT_EMBEDDING_DIMENSIONS),
      index,
    })),
    usage: { prompt_tokens: prompt, total_tokens: prompt },
  });
}

const baidu = (handle: Route['handle']): Route => ({ provider: 'baidu', handle });
const TOKEN_ROUTE = baidu(handleToken);
const CHAT_ROUTE = baidu(handleChat);
const EMBEDDINGS_ROUTE = baidu(handleEmbeddings);

/** The Baidu route of `POST path`, with the endpoint (as `model`) it names. */
export function findBaiduRoute(
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | undefined {
  if (method !== 'POST') return undefined;
  if (path === TOKEN_PATH) return { route: TOKEN_ROUTE, params: {} };
  const match = WENXIN_PATH.exec(path);
  if (!match) return undefined;
  let endpoint = match[2]!;
  try {
    endpoint = decodeURIComponent(endpoint);
  } catch {
    // kept as sent
  }
  return {
    route: match[1] === 'chat' ? CHAT_ROUTE : EMBEDDINGS_ROUTE,
    params: { model: endpoint },
  };
}
