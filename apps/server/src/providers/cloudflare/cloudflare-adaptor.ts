import { openAiJsonAnswer } from '../openai-json-answer.js';
import { readAnswerObject } from '../answer-object.js';
import { requireBody } from '../hub/call-body.js';
import type { ClassifiedFailure, ErrorClassification } from '../error-classification.js';
import {
  DEFAULT_OPENAI_ADAPTOR_SETTINGS,
  OpenAiAdaptor,
  type OpenAiAdaptorSettings,
} from '../openai/openai-adaptor.js';
import { WORKERS_AI_OPENAI_PROFILE } from './workers-ai-openai-profile.js';
import { resolveBaseUrl } from '../openai/openai-channel-types.js';
import { cloudflareAccountUrl } from '../openai/openai-url.js';
import type {
  ChannelTarget,
  ConvertedResponse,
  InternalAnswer,
  RelayCallInput,
  RelayMode,
  StreamConverter,
  StreamReader,
  UpstreamRequest,
} from '../provider-adaptor.js';
import { ProviderAdaptorBase } from '../provider-adaptor-base.js';
import { unsupportedModeError } from '../unsupported-mode-error.js';
import { classifyCloudflareFailure, parseCloudflareError } from './cloudflare-error.js';
import {
  WorkersAiCompletionStream,
  WorkersAiCompletionStreamReader,
} from './workers-ai-completion-stream.js';
import { convertWorkersAiCompletion, toWorkersAiPrompt } from './workers-ai-completion.js';
import {
  convertWhisperAnswer,
  toWhisperUpload,
  whisperAnswerObject,
} from './whisper-transcription.js';

/** Modes served by Workers AI's OpenAI-compatible endpoints (`/ai/v1/…`), as OpenAI calls. */
const OPENAI_COMPATIBLE_MODES: ReadonlySet<RelayMode> = new Set(['chat', 'embeddings']);
/** Modes served by the native `/ai/run/{model}` endpoint, converted here. */
const NATIVE_MODES: ReadonlySet<RelayMode> = new Set([
  'completions',
  'transcription',
  'translation',
]);
/** Speech-to-text modes, answered by Whisper models. */
const SPEECH_MODES: ReadonlySet<RelayMode> = new Set(['transcription', 'translation']);

/**
 * Cloudflare Workers AI (channel type 39); the account id is the channel's `other`, the key a
 * Bearer API token. Chat and embeddings go to the account's OpenAI-compatible endpoints through
 * the OpenAI adaptor (the `cloudflare` profile; streams report usage). Completions and Whisper
 * speech-to-text (transcriptions, and translations with whisper-large-v3-turbo) go to `/ai/run/{model}` and are converted from Workers AI's envelope. Errors
 * come in Cloudflare's envelope `{success: false, errors: [{code, message}]}` on every endpoint.
 */
export class CloudflareAdaptor extends ProviderAdaptorBase {
  readonly name = 'cloudflare';
  readonly nativeFormat = 'openai' as const;
  private readonly openAi: OpenAiAdaptor;

  constructor(settings: OpenAiAdaptorSettings = DEFAULT_OPENAI_ADAPTOR_SETTINGS) {
    super({ readError: parseCloudflareError });
    this.openAi = new OpenAiAdaptor(WORKERS_AI_OPENAI_PROFILE, settings);
  }

  override supports(mode: RelayMode): boolean {
    return OPENAI_COMPATIBLE_MODES.has(mode) || NATIVE_MODES.has(mode);
  }

  override supportsStreamOptions(channel: ChannelTarget): boolean {
    return this.openAi.supportsStreamOptions(channel);
  }

  buildRequest(input: RelayCallInput): UpstreamRequest {
    if (OPENAI_COMPATIBLE_MODES.has(input.mode)) return this.openAi.buildRequest(input);
    if (!NATIVE_MODES.has(input.mode)) throw unsupportedModeError(input.mode, input.channel.type);
    const { channel } = input;
    const base = resolveBaseUrl(channel.type, channel.baseUrl);
    // Model ids such as `@cf/meta/llama-3.1-8b-instruct` are path segments as they are.
    const url = `${cloudflareAccountUrl(channel, base)}/run/${input.upstreamModel}`;
    const headers: Record<string, string> = { Authorization: `Bearer ${channel.key}` };
    if (SPEECH_MODES.has(input.mode)) {
      const upload = toWhisperUpload(input);
      headers['Content-Type'] = upload.contentType;
      return { url, method: 'POST', headers, body: upload.body };
    }
    const callBody = requireBody(input);
    headers['Content-Type'] = 'application/json';
    if (input.stream) headers.Accept = 'text/event-stream';
    const body = JSON.stringify(toWorkersAiPrompt(callBody, input.stream));
    return { url, method: 'POST', headers, body };
  }

  passThroughAnswer(input: RelayCallInput, body: Buffer, contentType: string): ConvertedResponse {
    if (OPENAI_COMPATIBLE_MODES.has(input.mode)) {
      return this.openAi.passThroughAnswer(input, body, contentType);
    }
    if (SPEECH_MODES.has(input.mode)) return convertWhisperAnswer(readJson(body), input);
    const answer = convertWorkersAiCompletion(readJson(body), input.upstreamModel);
    return openAiJsonAnswer(answer);
  }

  readAnswer(input: RelayCallInput, body: Buffer, contentType: string): InternalAnswer {
    if (OPENAI_COMPATIBLE_MODES.has(input.mode)) {
      return this.openAi.readAnswer(input, body, contentType);
    }
    if (SPEECH_MODES.has(input.mode)) {
      const payload = readJson(body);
      const { usage } = convertWhisperAnswer(payload, input);
      return { completion: whisperAnswerObject(payload), usage, completionText: '' };
    }
    return convertWorkersAiCompletion(readJson(body), input.upstreamModel);
  }

  createPassThroughStream(input: RelayCallInput): StreamConverter {
    if (input.mode === 'completions') return new WorkersAiCompletionStream(input);
    return this.openAi.createPassThroughStream(input);
  }

  createStreamReader(input: RelayCallInput): StreamReader {
    if (input.mode === 'completions') return new WorkersAiCompletionStreamReader(input);
    return this.openAi.createStreamReader(input);
  }

  override classifyError(failure: ClassifiedFailure): ErrorClassification {
    return classifyCloudflareFailure(failure);
  }
}

/** A native answer body as JSON; anything else is an upstream failure. */
function readJson(body: Buffer): unknown {
  return readAnswerObject(body);
}
