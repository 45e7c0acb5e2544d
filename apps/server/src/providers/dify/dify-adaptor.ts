import { requireBody } from '../hub/call-body.js';
import {
  classifyStandardFailure,
  type ClassifiedFailure,
  type ErrorClassification,
} from '../error-classification.js';
import type {
  ChannelTarget,
  InternalAnswer,
  ProviderAdaptor,
  RelayCallInput,
  RelayMode,
  StreamReader,
  UpstreamError,
  UpstreamRequest,
} from '../provider-adaptor.js';
import { unsupportedModeError } from '../unsupported-mode-error.js';
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
  return (channel.baseUrl || DIFY_DEFAULT_BASE_URL).replace(/\/+$/, '');
}

/**
 * Dify (channel type 37): the channel's key is a chat-flow app's API key; OpenAI chat calls go to
 * the app's `POST /v1/chat-messages`, blocking or streaming, the conversation flattened into one
 * query. `data:` images are uploaded to `/v1/files/upload` first (`authorize`, the one
 * asynchronous step before sending).
 */
export class DifyAdaptor implements ProviderAdaptor {
  readonly name = 'dify';
  readonly nativeFormat = 'openai' as const;

  constructor(private readonly settings: DifySettings = DEFAULT_DIFY_SETTINGS) {}

  supports(mode: RelayMode): boolean {
    return mode === 'chat';
  }

  supportsStreamOptions(_channel: ChannelTarget): boolean {
    // message_end always carries the usage.
    return true;
  }

  buildRequest(input: RelayCallInput): UpstreamRequest {
    if (input.mode !== 'chat') throw unsupportedModeError(input.mode, input.channel.type);
    const callBody = requireBody(input);
    const body = convertToDifyRequest(callBody, input.stream, input.requestId);
    return {
      url: `${baseOf(input.channel)}/v1/chat-messages`,
      method: 'POST',
      headers: {
        Authorization: `Bearer ${input.channel.key}`,
        'Content-Type': 'application/json',
        Accept: input.stream ? 'text/event-stream' : 'application/json',
      },
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

  parseError(status: number, body: Buffer): UpstreamError {
    return parseDifyError(status, body);
  }

  classifyError(failure: ClassifiedFailure): ErrorClassification {
    return classifyStandardFailure(failure);
  }
}
