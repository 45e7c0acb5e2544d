import { readAnswerObject } from '../answer-object.js';
import { requireBody } from '../hub/call-body.js';
import type { ClassifiedFailure, ErrorClassification } from '../error-classification.js';
import type {
  InternalAnswer,
  RelayCallInput,
  RelayMode,
  StreamReader,
  UpstreamRequest,
} from '../provider-adaptor.js';
import { ProviderAdaptorBase } from '../provider-adaptor-base.js';
import { unsupportedModeError } from '../unsupported-mode-error.js';
import { channelBaseUrl } from '../upstream-json-request.js';
import {
  convertHunyuanChatResponse,
  convertHunyuanEmbeddingResponse,
  tencentErrorInBody,
} from './convert-hunyuan-response.js';
import {
  convertToHunyuanEmbeddingRequest,
  convertToHunyuanRequest,
} from './convert-to-hunyuan-request.js';
import { HunyuanStreamReader } from './hunyuan-stream-reader.js';
import { signTencentRequest } from './sign-tencent-request.js';
import { parseTencentKey } from './tencent-credentials.js';
import { classifyTencentFailure, parseTencentError } from './tencent-error.js';

/** Default base URL of channel type 23. */
export const TENCENT_DEFAULT_BASE_URL = 'https://hunyuan.tencentcloudapi.com';
/** The Hunyuan API version the bodies follow. */
export const HUNYUAN_API_VERSION = '2023-09-01';

const ACTIONS: Partial<Record<RelayMode, string>> = {
  chat: 'ChatCompletions',
  embeddings: 'GetEmbedding',
};

const CONTENT_TYPE = 'application/json';

/**
 * Tencent Hunyuan (channel type 23) through the Tencent Cloud API v3: every call is a POST to
 * `{base}/` naming its action in `X-TC-Action` (ChatCompletions, GetEmbedding) and version
 * 2023-09-01, signed with TC3-HMAC-SHA256 from the key `AppId|SecretId|SecretKey` at send time
 * (`X-TC-Timestamp`). The channel's `other`, when set, is sent as the region (`X-TC-Region`).
 * Bodies and answers (PascalCase) are converted from and to OpenAI's shapes; Tencent answers
 * errors with HTTP 200 and `Response.Error`.
 */
export class TencentAdaptor extends ProviderAdaptorBase {
  readonly name = 'tencent';
  readonly nativeFormat = 'openai' as const;

  /** The clock the signature is dated by (seconds); replaceable in tests. */
  constructor(private readonly now: () => number = () => Math.floor(Date.now() / 1000)) {
    super({ readError: parseTencentError });
  }

  override supports(mode: RelayMode): boolean {
    return ACTIONS[mode] !== undefined;
  }

  buildRequest(input: RelayCallInput): UpstreamRequest {
    const action = ACTIONS[input.mode];
    if (!action) throw unsupportedModeError(input.mode, input.channel.type);
    const callBody = requireBody(input);
    const body =
      input.mode === 'chat'
        ? convertToHunyuanRequest(callBody, input.upstreamModel, input.stream)
        : convertToHunyuanEmbeddingRequest(callBody);
    const headers: Record<string, string> = {
      'Content-Type': CONTENT_TYPE,
      'X-TC-Action': action,
      'X-TC-Version': HUNYUAN_API_VERSION,
    };
    const region = input.channel.other.trim();
    if (region) headers['X-TC-Region'] = region;
    const base = channelBaseUrl(input.channel, TENCENT_DEFAULT_BASE_URL);
    return { url: `${base}/`, method: 'POST', headers, body: JSON.stringify(body) };
  }

  async authorize(input: RelayCallInput, request: UpstreamRequest): Promise<UpstreamRequest> {
    const credential = parseTencentKey(input.channel.key);
    const timestamp = this.now();
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from(request.body ?? '');
    const authorization = signTencentRequest(
      credential,
      request.url,
      CONTENT_TYPE,
      body,
      timestamp,
    );
    return {
      ...request,
      headers: {
        ...request.headers,
        'X-TC-Timestamp': String(timestamp),
        Authorization: authorization,
      },
    };
  }

  readAnswer(input: RelayCallInput, body: Buffer, _contentType: string): InternalAnswer {
    const payload = readAnswerObject(body);
    const error = tencentErrorInBody(payload);
    if (error) throw error;
    if (input.mode === 'embeddings') {
      return convertHunyuanEmbeddingResponse(payload, input.upstreamModel, input.body);
    }
    return convertHunyuanChatResponse(payload, input.upstreamModel, Math.floor(Date.now() / 1000));
  }

  createStreamReader(input: RelayCallInput): StreamReader {
    return new HunyuanStreamReader(input);
  }

  override classifyError(failure: ClassifiedFailure): ErrorClassification {
    return classifyTencentFailure(failure);
  }
}
