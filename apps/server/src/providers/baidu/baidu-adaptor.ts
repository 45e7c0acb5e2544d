import { readAnswerObject } from '../answer-object.js';
import { requireBody } from '../hub/call-body.js';
import type { ClassifiedFailure, ErrorClassification } from '../error-classification.js';
import type {
  ChannelTarget,
  InternalAnswer,
  RelayCallInput,
  StreamReader,
  UpstreamRequest,
} from '../provider-adaptor.js';
import { ProviderAdaptorBase } from '../provider-adaptor-base.js';
import { channelBaseUrl, jsonCallHeaders } from '../upstream-json-request.js';
import { BaiduTokenCache, baiduCacheKey, parseBaiduKey } from './baidu-access-token.js';
import { ernieEndpoint, ernieSupportsFunctions } from './baidu-endpoints.js';
import {
  convertErnieChatResponse,
  convertErnieEmbeddingsResponse,
  ernieErrorInBody,
} from './convert-ernie-response.js';
import {
  convertToErnieChatRequest,
  convertToErnieEmbeddingsRequest,
} from './convert-to-ernie-request.js';
import { classifyBaiduFailure, isTokenRefused, parseErnieError } from './ernie-error.js';
import { ErnieStreamReader } from './ernie-stream-reader.js';

/** Default base URL of channel type 15 (API and OAuth server alike). */
export const BAIDU_DEFAULT_BASE_URL = 'https://aip.baidubce.com';

const WENXIN_PATH = '/rpc/2.0/ai_custom/v1/wenxinworkshop';

/**
 * Baidu ERNIE through the wenxinworkshop API (channel type 15): the key `APIKey|SecretKey` is
 * exchanged for an OAuth access token (cached per key until shortly before expiry, shared by the
 * node's processes, refreshed single-flight: see AccessTokenCache) sent as `?access_token=`.
 * Chat (plain, streamed, functions for ERNIE 3.5/4.0) at `chat/{endpoint}` and embeddings at
 * `embeddings/{endpoint}`, converted from and to OpenAI's shapes. ERNIE answers errors with HTTP
 * 200 and `error_code`; an access token it refuses (110/111) is dropped so the next attempt gets
 * a new one.
 */
export class BaiduAdaptor extends ProviderAdaptorBase {
  readonly name = 'baidu';
  readonly nativeFormat = 'openai' as const;
  /** The access token each call was sent with, to drop exactly that one when refused. */
  private readonly sentTokens = new WeakMap<RelayCallInput, string>();

  constructor(private readonly tokens: BaiduTokenCache = new BaiduTokenCache()) {
    super({ modes: ['chat', 'embeddings'], readError: parseErnieError });
  }

  buildRequest(input: RelayCallInput): UpstreamRequest {
    this.requireSupportedMode(input);
    const callBody = requireBody(input);
    const endpoint = ernieEndpoint(input.upstreamModel);
    const chat = input.mode === 'chat';
    const body = chat
      ? convertToErnieChatRequest(callBody, input.stream, ernieSupportsFunctions(endpoint))
      : convertToErnieEmbeddingsRequest(callBody);
    const kind = chat ? 'chat' : 'embeddings';
    return {
      url: `${baseUrl(input.channel)}${WENXIN_PATH}/${kind}/${encodeURIComponent(endpoint)}`,
      method: 'POST',
      headers: jsonCallHeaders(input.stream),
      body: JSON.stringify(body),
    };
  }

  async authorize(input: RelayCallInput, request: UpstreamRequest): Promise<UpstreamRequest> {
    const credential = parseBaiduKey(input.channel.key, baseUrl(input.channel));
    const token = await this.tokens.get(baiduCacheKey(credential), credential);
    this.sentTokens.set(input, token);
    const separator = request.url.includes('?') ? '&' : '?';
    return {
      ...request,
      url: `${request.url}${separator}access_token=${encodeURIComponent(token)}`,
    };
  }

  readAnswer(input: RelayCallInput, body: Buffer, _contentType: string): InternalAnswer {
    const payload = readAnswerObject(body);
    const error = ernieErrorInBody(payload);
    if (error) {
      this.dropRefusedToken(input, error);
      throw error;
    }
    if (input.mode === 'embeddings') {
      return convertErnieEmbeddingsResponse(payload, input.upstreamModel, input.body);
    }
    return convertErnieChatResponse(payload, input.upstreamModel, Math.floor(Date.now() / 1000));
  }

  createStreamReader(input: RelayCallInput): StreamReader {
    return new ErnieStreamReader(input, (error) => this.dropRefusedToken(input, error));
  }

  override classifyError(failure: ClassifiedFailure): ErrorClassification {
    return classifyBaiduFailure(failure);
  }

  private dropRefusedToken(input: RelayCallInput, error: { type: string; code: string }): void {
    if (!isTokenRefused(error)) return;
    const token = this.sentTokens.get(input);
    if (token === undefined) return;
    const credential = parseBaiduKey(input.channel.key, baseUrl(input.channel));
    // Not awaited: the error goes to the client now; the drop completes before any refresh
    // could read the shared store in practice, and a late one only removes a dead token.
    void this.tokens.invalidate(baiduCacheKey(credential), token);
  }
}

function baseUrl(channel: ChannelTarget): string {
  return channelBaseUrl(channel, BAIDU_DEFAULT_BASE_URL);
}
