import { openAiJsonAnswer } from '../openai-json-answer.js';
import { answerNotAnObject } from '../answer-object.js';
import { OutboundGuard } from '../../lib/outbound-guard/outbound-guard.js';
import { requireBody } from '../hub/call-body.js';
import { parseJsonObject } from '../json-guards.js';
import { OpenAiAdaptor } from '../openai/openai-adaptor.js';
import { ALI_OPENAI_PROFILE } from './ali-openai-profile.js';
import type {
  ChannelTarget,
  ConvertedResponse,
  InternalAnswer,
  RelayCallInput,
  StreamConverter,
  StreamReader,
  UpstreamRequest,
} from '../provider-adaptor.js';
import { ProviderAdaptorBase } from '../provider-adaptor-base.js';
import type { UpstreamFetch } from '../upstream-exchange.js';
import { channelBaseUrl } from '../upstream-json-request.js';
import { parseDashScopeError } from './ali-error.js';
import { convertToAliImageRequest } from './ali-image-request.js';
import {
  DEFAULT_ALI_TASK_POLLING,
  finishAliImageTask,
  type AliTaskPolling,
} from './ali-image-task.js';
import {
  convertAliEmbeddingResponse,
  convertToAliEmbeddingRequest,
} from './convert-ali-embeddings.js';

/** Default base URL of channel type 17. */
export const ALI_DEFAULT_BASE_URL = 'https://dashscope.aliyuncs.com';

const EMBEDDINGS_PATH = '/api/v1/services/embeddings/text-embedding/text-embedding';
const IMAGE_SYNTHESIS_PATH = '/api/v1/services/aigc/text2image/image-synthesis';

/** Deployment settings of the Ali adaptor. */
export interface AliSettings {
  imageTaskPolling: AliTaskPolling;
}

export const DEFAULT_ALI_SETTINGS: AliSettings = { imageTaskPolling: DEFAULT_ALI_TASK_POLLING };

/**
 * Alibaba Cloud DashScope (channel type 17), Bearer key (reference §3.6 "ali"):
 * - chat through DashScope's OpenAI-compatible mode (`/compatible-mode/v1/chat/completions`),
 *   served by the OpenAI adaptor with the `ali` profile (top_p clamped to [0.001, 0.999]), plus
 *   `X-DashScope-SSE: enable` on streams; usage is asked for in streams;
 * - embeddings through the native text-embedding API, converted both ways;
 * - image generation (`wanx*`) as an asynchronous task (`X-DashScope-Async: enable`) polled to
 *   its end (`finishAnswer`), answered in OpenAI's images shape.
 * The channel's `other`, when set, is sent as `X-DashScope-Plugin`.
 */
export class AliAdaptor extends ProviderAdaptorBase {
  readonly name = 'ali';
  readonly nativeFormat = 'openai' as const;
  private readonly chat = new OpenAiAdaptor(ALI_OPENAI_PROFILE);

  constructor(
    private readonly settings: AliSettings = DEFAULT_ALI_SETTINGS,
    /** Fetches result images that are not on the channel's host. */
    private readonly outbound: OutboundGuard = new OutboundGuard(),
  ) {
    super({ modes: ['chat', 'embeddings', 'images'], readError: parseDashScopeError });
  }

  override supportsStreamOptions(channel: ChannelTarget): boolean {
    return this.chat.supportsStreamOptions(channel);
  }

  buildRequest(input: RelayCallInput): UpstreamRequest {
    this.requireSupportedMode(input);
    if (input.mode === 'chat') {
      const request = this.chat.buildRequest(input);
      const headers = { ...request.headers, ...this.nativeHeaders(input.channel) };
      if (input.stream) headers['X-DashScope-SSE'] = 'enable';
      return { ...request, headers };
    }
    const callBody = requireBody(input);
    const headers = { ...this.nativeHeaders(input.channel), 'Content-Type': 'application/json' };
    if (input.mode === 'embeddings') {
      return {
        url: `${aliBaseUrl(input.channel)}${EMBEDDINGS_PATH}`,
        method: 'POST',
        headers,
        body: JSON.stringify(convertToAliEmbeddingRequest(callBody, input.upstreamModel)),
      };
    }
    return {
      url: `${aliBaseUrl(input.channel)}${IMAGE_SYNTHESIS_PATH}`,
      method: 'POST',
      headers: { ...headers, 'X-DashScope-Async': 'enable' },
      body: JSON.stringify(convertToAliImageRequest(callBody, input.upstreamModel)),
    };
  }

  async finishAnswer(input: RelayCallInput, body: Buffer, fetch: UpstreamFetch): Promise<Buffer> {
    if (input.mode !== 'images') return body;
    return finishAliImageTask(
      {
        input,
        base: aliBaseUrl(input.channel),
        headers: this.nativeHeaders(input.channel),
        fetch,
        outbound: this.outbound,
        polling: this.settings.imageTaskPolling,
      },
      body,
    );
  }

  passThroughAnswer(input: RelayCallInput, body: Buffer, contentType: string): ConvertedResponse {
    if (input.mode === 'chat') return this.chat.passThroughAnswer(input, body, contentType);
    const answer = this.readAnswer(input, body, contentType);
    return openAiJsonAnswer(answer);
  }

  readAnswer(input: RelayCallInput, body: Buffer, contentType: string): InternalAnswer {
    if (input.mode === 'chat') return this.chat.readAnswer(input, body, contentType);
    const payload = parseJsonObject(body.toString('utf8'));
    if (input.mode === 'embeddings') {
      return convertAliEmbeddingResponse(payload, input.upstreamModel, input.body);
    }
    // Images: finishAnswer already wrote OpenAI's shape; billing is per image (reference §4.7).
    if (!payload) throw answerNotAnObject();
    return { completion: payload, usage: undefined, completionText: '' };
  }

  createPassThroughStream(input: RelayCallInput): StreamConverter {
    return this.chat.createPassThroughStream(input);
  }

  createStreamReader(input: RelayCallInput): StreamReader {
    return this.chat.createStreamReader(input);
  }

  /** The key and, when the channel names one, its DashScope plugin. */
  private nativeHeaders(channel: ChannelTarget): Record<string, string> {
    const headers: Record<string, string> = { Authorization: `Bearer ${channel.key}` };
    const plugin = channel.other.trim();
    if (plugin) headers['X-DashScope-Plugin'] = plugin;
    return headers;
  }
}

/** The channel's base URL without trailing slashes, or DashScope's. */
function aliBaseUrl(channel: ChannelTarget): string {
  return channelBaseUrl(channel, ALI_DEFAULT_BASE_URL);
}
