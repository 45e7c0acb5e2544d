import { requireBody } from '../hub/call-body.js';
import {
  AnthropicAdaptor,
  DEFAULT_ANTHROPIC_SETTINGS,
  type AnthropicSettings,
} from '../anthropic/anthropic-adaptor.js';
import { convertToAnthropicRequest } from '../anthropic/convert-to-anthropic-request.js';
import type { ClassifiedFailure, ErrorClassification } from '../error-classification.js';
import {
  DEFAULT_GEMINI_SETTINGS,
  buildGeminiCall,
  classifyGoogleFailure,
  readGeminiAnswer,
  type GeminiSettings,
} from '../gemini/gemini-adaptor.js';
import { parseGeminiError } from '../gemini/gemini-error.js';
import { GeminiStreamReader } from '../gemini/gemini-stream-reader.js';
import type {
  InternalAnswer,
  RelayCallInput,
  StreamReader,
  UpstreamRequest,
} from '../provider-adaptor.js';
import { ProviderAdaptorBase } from '../provider-adaptor-base.js';
import { channelBaseUrl } from '../upstream-json-request.js';
import { chatCallOf } from '../hub/call-body.js';
import { DroppedFields } from '../hub/dropped-fields.js';
import { OpenAiAdaptor } from '../openai/openai-adaptor.js';
import { plainOpenAiProfile } from '../openai/openai-compatible-profile.js';
import type { VertexTokenCache } from './vertex-access-token.js';
import { vertexBaseUrl, vertexClaudeModel, vertexRegion } from './vertex-location.js';
import { parseServiceAccount } from './vertex-service-account.js';

/** The Messages API version Claude on Vertex AI requires in the body. */
export const VERTEX_ANTHROPIC_VERSION = 'vertex-2023-10-16';

function isClaude(input: RelayCallInput): boolean {
  return input.upstreamModel.startsWith('claude');
}

/** Llama models (Model Garden's managed APIs) answer on Vertex's OpenAI-compatible endpoint. */
function isLlama(input: RelayCallInput): boolean {
  return input.upstreamModel.toLowerCase().includes('llama');
}

/**
 * Google Vertex AI (channel type 41). The key is a service-account JSON key: its signed JWT is
 * exchanged for an OAuth access token (cached per key, refreshed before expiry, see
 * AccessTokenCache). The region comes from the channel's `other` (a name, or a map per model with
 * `default`). `claude*` models go to Anthropic's publisher (`:rawPredict` / `:streamRawPredict`
 * with the Messages body, `anthropic_version: vertex-2023-10-16`, no `model`); Llama models to
 * the OpenAI-compatible endpoint (`v1beta1/…/endpoints/openapi/chat/completions`, the OpenAI body
 * with the model's Model Garden name, e.g. `meta/llama-3.3-70b-instruct-maas`); every other model
 * to Google's (`:generateContent` / `:streamGenerateContent?alt=sse` with the Gemini body).
 * Answers are read with the Anthropic, OpenAI and Gemini readers. Only chat mode.
 */
export class VertexAdaptor extends ProviderAdaptorBase {
  readonly name = 'vertex';
  // No pass-through: whether a call answers in Gemini's or Anthropic's shape depends on its model.
  readonly nativeFormat = 'gemini' as const;
  private readonly anthropic: AnthropicAdaptor;
  /** Reads the OpenAI-compatible endpoint's answers (Llama models). */
  private readonly openAi = new OpenAiAdaptor(plainOpenAiProfile('vertexai'));

  constructor(
    private readonly gemini: () => GeminiSettings = () => DEFAULT_GEMINI_SETTINGS,
    private readonly claude: () => AnthropicSettings = () => DEFAULT_ANTHROPIC_SETTINGS,
    private readonly tokens: VertexTokenCache,
  ) {
    // Google's error shape; Anthropic's and OpenAI's are read by the standard fallback.
    super({ modes: ['chat'], readError: parseGeminiError });
    this.anthropic = new AnthropicAdaptor(claude);
  }

  buildRequest(input: RelayCallInput): UpstreamRequest {
    this.requireSupportedMode(input);
    const callBody = requireBody(input);
    const account = parseServiceAccount(input.channel.key);
    const region = vertexRegion(input.channel.other, input.originalModel);
    const base = channelBaseUrl(input.channel, vertexBaseUrl(region));
    const location = `projects/${encodeURIComponent(account.projectId)}/locations/${encodeURIComponent(region)}`;
    const prefix = `${base}/v1/${location}/publishers`;
    const headers = { 'Content-Type': 'application/json' };
    if (isLlama(input)) {
      const body: Record<string, unknown> = { ...callBody, model: input.upstreamModel };
      if (input.stream) body.stream_options = { include_usage: true };
      return {
        url: `${base}/v1beta1/${location}/endpoints/openapi/chat/completions`,
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      };
    }
    if (isClaude(input)) {
      const dropped = new DroppedFields();
      const request: Record<string, unknown> = {
        ...convertToAnthropicRequest(
          chatCallOf(input),
          input.upstreamModel,
          input.stream,
          this.claude(),
          undefined,
          dropped,
        ),
        anthropic_version: VERTEX_ANTHROPIC_VERSION,
      };
      delete request.model;
      // Vertex AI names Claude versions `name@date`, with the `@` as it is in the path.
      const model = encodeURIComponent(vertexClaudeModel(input.upstreamModel)).replace(/%40/g, '@');
      const method = input.stream ? 'streamRawPredict?alt=sse' : 'rawPredict';
      return {
        url: `${prefix}/anthropic/models/${model}:${method}`,
        method: 'POST',
        headers,
        body: JSON.stringify(request),
        dropped: dropped.list(),
      };
    }
    const call = buildGeminiCall(input, this.gemini());
    const query = call.method === 'streamGenerateContent' ? '?alt=sse' : '';
    return {
      url: `${prefix}/google/models/${encodeURIComponent(call.model)}:${call.method}${query}`,
      method: 'POST',
      headers,
      body: call.body,
      dropped: call.dropped,
      fromNative: call.fromNative,
    };
  }

  async authorize(input: RelayCallInput, request: UpstreamRequest): Promise<UpstreamRequest> {
    const account = parseServiceAccount(input.channel.key);
    const token = await this.tokens.get(input.channel.key, account);
    return { ...request, headers: { ...request.headers, Authorization: `Bearer ${token}` } };
  }

  readAnswer(input: RelayCallInput, body: Buffer, contentType: string): InternalAnswer {
    if (isClaude(input)) return this.anthropic.readAnswer(input, body, contentType);
    if (isLlama(input)) return this.openAi.readAnswer(input, body, contentType);
    return readGeminiAnswer(input, body);
  }

  createStreamReader(input: RelayCallInput): StreamReader {
    if (isClaude(input)) return this.anthropic.createStreamReader(input);
    if (isLlama(input)) return this.openAi.createStreamReader(input);
    return new GeminiStreamReader(input);
  }

  override classifyError(failure: ClassifiedFailure): ErrorClassification {
    return classifyGoogleFailure(failure);
  }
}
