import { chatCallOf } from '../hub/call-body.js';
import { DroppedFields } from '../hub/dropped-fields.js';
import { parseJsonObject } from '../json-guards.js';
import type {
  ChannelTarget,
  InternalAnswer,
  RelayCallInput,
  StreamEventParser,
  StreamReader,
  UpstreamRequest,
} from '../provider-adaptor.js';
import { ProviderAdaptorBase } from '../provider-adaptor-base.js';
import { channelBaseUrl, jsonCallHeaders } from '../upstream-json-request.js';
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
  return channelBaseUrl(channel, ZHIPU_DEFAULT_BASE_URL);
}

/**
 * Zhipu's v3 model API (channel type 16), chat only: `{base}/api/paas/v3/model-api/{model}/invoke`
 * (or `/sse-invoke` for streams) with the v3 body, answers and Zhipu's own event stream converted
 * to OpenAI's shapes. Each call carries `Authorization: <JWT>` made from the `id.secret` key
 * (`authorize`, cached per key). Zhipu reports its errors inside HTTP 200 bodies; their codes
 * decide the status (zhipu-error.ts).
 */
export class ZhipuAdaptor extends ProviderAdaptorBase {
  readonly name = 'zhipu';
  readonly nativeFormat = 'openai' as const;

  constructor(private readonly tokens: ZhipuTokenCache = new ZhipuTokenCache()) {
    super({ modes: ['chat'], readError: parseZhipuError });
  }

  buildRequest(input: RelayCallInput): UpstreamRequest {
    this.requireSupportedMode(input);
    const dropped = new DroppedFields();
    const method = input.stream ? 'sse-invoke' : 'invoke';
    const model = encodeURIComponent(input.upstreamModel);
    return {
      url: `${zhipuBaseUrl(input.channel)}/api/paas/v3/model-api/${model}/${method}`,
      method: 'POST',
      headers: jsonCallHeaders(input.stream),
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
}
