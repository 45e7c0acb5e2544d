import { dataEvent, writeEventStream } from './event-stream.js';
import { handleChatCompletions } from './openai-chat-completions.js';
import { handleEmbeddings } from './openai-embeddings.js';
import { audioSeconds } from './openai-audio.js';
import { isRecord, readArray, readString, type JsonRecord } from './json-shape.js';
import { sendProviderError } from './provider-errors.js';
import {
  chunkText,
  completionTokens,
  messagesCharacters,
  promptTokensForCharacters,
  replyText,
} from './reply-content.js';
import { sendJson, type RouteContext } from './route-context.js';
import type { Route } from './routes.js';

/**
 * Cloudflare Workers AI under `/client/v4/accounts/{account}/ai/…`: the OpenAI-compatible
 * `v1/chat/completions` and `v1/embeddings`, and the native `run/{model}` for text generation
 * (`{prompt}` or `{messages}`, plain or streamed) and Whisper speech-to-text (raw audio bytes, or
 * `{audio: base64}` for whisper-large-v3-turbo). Like Cloudflare it checks the Bearer token and the
 * account id's form (32 hex digits) first, and wraps every native answer and every error in the
 * API envelope `{result, success, errors: [{code, message}], messages}`.
 */

const ACCOUNT_PATH =
  /^\/client\/v4\/accounts\/([^/]+)\/ai\/(v1\/chat\/completions|v1\/embeddings|run\/(.+))$/;
const ACCOUNT_ID = /^[0-9a-f]{32}$/;

/** An account id the mock accepts (any 32 lowercase hex digits are). */
export const MOCK_CLOUDFLARE_ACCOUNT_ID = '0123456789abcdef0123456789abcdef';

function envelope(result: unknown): JsonRecord {
  return { result, success: true, errors: [], messages: [] };
}

/** The route of a Workers AI path, with the account id and (for `run`) the model. */
export function findCloudflareRoute(
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | undefined {
  const match = method === 'POST' ? ACCOUNT_PATH.exec(path) : null;
  if (!match) return undefined;
  const params: Record<string, string> = { account: match[1]! };
  if (match[3] !== undefined) params.model = decodeURIComponent(match[3]);
  const endpoint = match[2]!;
  const handle =
    endpoint === 'v1/chat/completions'
      ? handleChatCompletions
      : endpoint === 'v1/embeddings'
        ? handleEmbeddings
        : handleRun;
  return { route: { provider: 'cloudflare', handle: guarded(handle) }, params };
}

/** Cloudflare's checks before any endpoint: a Bearer token, and a well-formed account id. */
function guarded(handle: (context: RouteContext) => void): (context: RouteContext) => void {
  return (context) => {
    const authorization = context.request.headers.authorization ?? '';
    if (!/^Bearer\s+\S+/i.test(authorization)) {
      sendProviderError(context, 401, 'Authentication error');
      return;
    }
    const account = context.pathParams.account ?? '';
    if (!ACCOUNT_ID.test(account)) {
      const path = context.request.url ?? '';
      sendProviderError(
        context,
        400,
        `Could not route to ${path}, perhaps your object identifier is invalid?`,
        { code: '7003' },
      );
      return;
    }
    handle(context);
  };
}

/** `run/{model}`: Whisper models transcribe, every other model generates text. */
function handleRun(context: RouteContext): void {
  if (context.model.includes('whisper')) handleWhisper(context);
  else handleTextGeneration(context);
}

function promptCharacters(body: JsonRecord): number | undefined {
  const prompt = readString(body, 'prompt');
  if (prompt !== undefined) return prompt.length;
  const messages = readArray(body, 'messages');
  return messages ? messagesCharacters(messages) : undefined;
}

function handleTextGeneration(context: RouteContext): void {
  const { body, controls } = context;
  const characters = promptCharacters(body);
  if (characters === undefined) {
    sendProviderError(
      context,
      400,
      "AiError: Bad input: Error: oneOf at '/' not met, 0 matches required, 1 matches found",
    );
    return;
  }
  const promptTokens = promptTokensForCharacters(characters);
  const outputTokens = completionTokens(controls.chunks);
  const usage = controls.omitUsage
    ? undefined
    : {
        prompt_tokens: promptTokens,
        completion_tokens: outputTokens,
        total_tokens: promptTokens + outputTokens,
      };
  if (body.stream !== true) {
    const result: JsonRecord = { response: replyText(controls.chunks) };
    if (usage) result.usage = usage;
    sendJson(context, 200, envelope(result));
    return;
  }
  const content: string[] = [];
  for (let index = 0; index < controls.chunks; index += 1) {
    content.push(dataEvent(JSON.stringify({ response: chunkText(index), p: 'abcdefgh' })));
  }
  const tail = `${dataEvent(JSON.stringify({ response: '', ...(usage ? { usage } : {}) }))}data: [DONE]\n\n`;
  writeEventStream(context, {
    head: '',
    content,
    tail,
    malformedEvent: 'data: {"response":\n\n',
    errorEvent: dataEvent(
      JSON.stringify({ errors: [{ code: 3043, message: 'Internal server error' }] }),
    ),
  });
}

/** The reply's words spread evenly over the audio, as Whisper times them. */
function timedWords(
  text: string,
  seconds: number,
): Array<{ word: string; start: number; end: number }> {
  const words = text.split(' ').filter((word) => word !== '');
  const step = seconds / Math.max(1, words.length);
  return words.map((word, index) => ({
    word,
    start: Math.round(index * step * 100) / 100,
    end: Math.round((index + 1) * step * 100) / 100,
  }));
}

function vtt(text: string, seconds: number): string {
  const time = (value: number): string => `00:${String(Math.floor(value)).padStart(2, '0')}.000`;
  return `WEBVTT\n\n${time(0)} --> ${time(seconds)}\n${text}\n\n`;
}

/**
 * Whisper: `@cf/openai/whisper` and `whisper-tiny-en` take the raw audio bytes and answer `{text,
 * word_count, words, vtt}`; `whisper-large-v3-turbo` takes `{audio: base64, task?}` (`transcribe`
 * or `translate`; the mock's text is the same) and answers with
 * `transcription_info` and `segments` instead of words. One second per 16 000 bytes of audio.
 */
function handleWhisper(context: RouteContext): void {
  const text = replyText(context.controls.chunks);
  if (context.model.includes('large-v3-turbo')) {
    const audio = readString(context.body, 'audio');
    if (!audio) {
      sendProviderError(context, 400, "AiError: Bad input: must have required property 'audio'");
      return;
    }
    const task = context.body.task;
    if (task !== undefined && task !== 'transcribe' && task !== 'translate') {
      sendProviderError(
        context,
        400,
        "AiError: Bad input: '/task' must be equal to one of the allowed values",
      );
      return;
    }
    const seconds = audioSeconds(Buffer.from(audio, 'base64').length);
    sendJson(
      context,
      200,
      envelope({
        transcription_info: { language: 'en', language_probability: 1, duration: seconds },
        text,
        word_count: text.split(' ').length,
        segments: [{ start: 0, end: seconds, text }],
        vtt: vtt(text, seconds),
      }),
    );
    return;
  }
  if (
    context.rawBody.length === 0 ||
    (isRecord(context.body) && Object.keys(context.body).length > 0)
  ) {
    sendProviderError(context, 400, 'AiError: Bad input: audio must be the raw audio bytes');
    return;
  }
  const seconds = audioSeconds(context.rawBody.length);
  sendJson(
    context,
    200,
    envelope({
      text,
      word_count: text.split(' ').length,
      words: timedWords(text, seconds),
      vtt: vtt(text, seconds),
    }),
  );
}
