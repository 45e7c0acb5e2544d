import { requireBody } from '../hub/call-body.js';
import type {
  ChannelTarget,
  InternalAnswer,
  RelayCallInput,
  StreamReader,
  UpstreamRequest,
} from '../provider-adaptor.js';
import { ProviderAdaptorBase } from '../provider-adaptor-base.js';
import { channelBaseUrl, jsonCallHeaders } from '../upstream-json-request.js';
import { convertDifyAnswer } from './convert-dify-response.js';
import { convertToDifyRequest } from './convert-to-dify-request.js';
import { parseDifyError } from './dify-errors.js';
import { uploadDifyImages } from './dify-image-upload.js';
import { DifyStreamReader } from './dify-stream-reader.js';

/** Default base URL of channel type 37 (Dify cloud; self-hosted instances set their own). */
export const DIFY_DEFAULT_BASE_URL = 'https://api.dify.ai';

/** Deployment settings of the Dify adaptor. */
export interface DifySettings {
  /** `DIFY_DEBUG`: show workflow and node starts in streamed answers. */
  debug: boolean;
}

export const DEFAULT_DIFY_SETTINGS: DifySettings = { debug: true };

function baseOf(channel: ChannelTarget): string {
  return channelBaseUrl(channel, DIFY_DEFAULT_BASE_URL);
}

/**
 * Dify (channel type 37): the channel's key is a chat-flow app's API key; OpenAI chat calls go to
 * the app's `POST /v1/chat-messages`, blocking or streaming, the conversation flattened into one
 * query. `data:` images are uploaded to `/v1/files/upload` first (`authorize`, the one
 * asynchronous step before sending). The usage comes with every answer (`message_end`).
 */
export class DifyAdaptor extends ProviderAdaptorBase {
  readonly name = 'dify';
  readonly nativeFormat = 'openai' as const;

  constructor(private readonly settings: DifySettings = DEFAULT_DIFY_SETTINGS) {
    super({ modes: ['chat'], readError: parseDifyError });
  }

  buildRequest(input: RelayCallInput): UpstreamRequest {
    this.requireSupportedMode(input);
    const callBody = requireBody(input);
    const body = convertToDifyRequest(callBody, input.stream, input.requestId);
    return {
      url: `${baseOf(input.channel)}/v1/chat-messages`,
      method: 'POST',
      headers: jsonCallHeaders(input.stream, `Bearer ${input.channel.key}`),
      body: JSON.stringify(body),
    };
  }

  authorize(input: RelayCallInput, request: UpstreamRequest): Promise<UpstreamRequest> {
    return uploadDifyImages(input, request, baseOf(input.channel));
  }

  readAnswer(input: RelayCallInput, body: Buffer, _contentType: string): InternalAnswer {
    return convertDifyAnswer(body, input.upstreamModel, Math.floor(Date.now() / 1000));
  }

  createStreamReader(input: RelayCallInput): StreamReader {
    return new DifyStreamReader(input, this.settings.debug);
  }
}
