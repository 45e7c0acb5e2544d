import { chatCallOf } from '../hub/call-body.js';
import { DroppedFields } from '../hub/dropped-fields.js';
import {
  classifyStandardFailure,
  type ClassifiedFailure,
  type ErrorClassification,
} from '../error-classification.js';
import { parseJsonObject } from '../json-guards.js';
import type {
  ChannelTarget,
  InternalAnswer,
  ProviderAdaptor,
  RelayCallInput,
  RelayMode,
  StreamEventParser,
  StreamReader,
  UpstreamError,
  UpstreamRequest,
} from '../provider-adaptor.js';
import { unsupportedModeError } from '../unsupported-mode-error.js';
import { convertToZhipuRequest } from './convert-to-zhipu-request.js';
import { convertZhipuResponse } from './convert-zhipu-response.js';
import { parseZhipuError } from './zhipu-error.js';
import { ZhipuStreamParser } from './zhipu-stream-parser.js';
import { ZhipuStreamReader } from './zhipu-stream-reader.js';
import { ZhipuTokenCache } from './zhipu-token.js';

/** Default base URL of channel types 16 and 26. */
export const ZHIPU_DEFAULT_BASE_URL = 'https://open.bigmodel.cn';

/** The channel's base URL without trailing slashes, or Zhipu's. */
export function zhipuBaseUrl(channel: ChannelTarget): string {
  return (channel.baseUrl || ZHIPU_DEFAULT_BASE_URL).replace(/\/+$/, '');
}

/**
 * Zhipu's v3 model API (channel type 16), chat only: `{base}/api/paas/v3/model-api/{model}/invoke`
 * (or `/sse-invoke` for streams) with the v3 body, answers and Zhipu's own event stream converted
 * to OpenAI's shapes. Each call carries `Authorization: <JWT>` made from the `id.secret` key
 * (`authorize`, cached per key). Zhipu reports its errors inside HTTP 200 bodies; their codes
 * decide the status (zhipu-error.ts).
 */
export class ZhipuAdaptor implements ProviderAdaptor {
  readonly name = 'zhipu';
  readonly nativeFormat = 'openai' as const;

  constructor(private readonly tokens: ZhipuTokenCache = new ZhipuTokenCache()) {}

  supports(mode: RelayMode): boolean {
    return mode === 'chat';
  }

  supportsStreamOptions(_channel: ChannelTarget): boolean {
    // The finish event always carries usage.
    return true;
  }

  buildRequest(input: RelayCallInput): UpstreamRequest {
    if (!this.supports(input.mode)) throw unsupportedModeError(input.mode, input.channel.type);
    const dropped = new DroppedFields();
    const method = input.stream ? 'sse-invoke' : 'invoke';
    const model = encodeURIComponent(input.upstreamModel);
    return {
      url: `${zhipuBaseUrl(input.channel)}/api/paas/v3/model-api/${model}/${method}`,
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: input.stream ? 'text/event-stream' : 'application/json',
      },
      body: JSON.stringify(convertToZhipuRequest(chatCallOf(input), input.stream, dropped)),
      dropped: dropped.list(),
    };
  }

  async authorize(input: RelayCallInput, request: UpstreamRequest): Promise<UpstreamRequest> {
    const token = await this.tokens.get(input.channel.key);
    return { ...request, headers: { ...request.headers, Authorization: token } };
  }

  readAnswer(input: RelayCallInput, body: Buffer, _contentType: string): InternalAnswer {
    const payload = parseJsonObject(body.toString('utf8'));
    return convertZhipuResponse(payload, input.upstreamModel, Math.floor(Date.now() / 1000));
  }

  createStreamReader(input: RelayCallInput): StreamReader {
    return new ZhipuStreamReader(input);
  }

  /** Zhipu's stream is not standard SSE (see ZhipuStreamParser); other answers are JSON. */
  createStreamParser(contentType: string): StreamEventParser | undefined {
    return contentType.includes('text/event-stream') ? new ZhipuStreamParser() : undefined;
  }

  parseError(status: number, body: Buffer): UpstreamError {
    return parseZhipuError(status, body);
  }

  classifyError(failure: ClassifiedFailure): ErrorClassification {
    return classifyStandardFailure(failure);
  }
}
