import { readAnswerObject } from '../answer-object.js';
import { requireBody } from '../hub/call-body.js';
import type {
  InternalAnswer,
  RelayCallInput,
  RelayMode,
  StreamReader,
  UpstreamRequest,
} from '../provider-adaptor.js';
import { ProviderAdaptorBase } from '../provider-adaptor-base.js';
import { unsupportedModeError } from '../unsupported-mode-error.js';
import { channelBaseUrl, jsonCallHeaders } from '../upstream-json-request.js';
import { chatCallOf } from '../hub/call-body.js';
import { DroppedFields } from '../hub/dropped-fields.js';
import { parseUpstreamError } from '../upstream-error.js';
import { CohereStreamReader } from './cohere-stream-reader.js';
import { convertCohereEmbedResponse, convertToCohereEmbedRequest } from './convert-cohere-embed.js';
import {
  convertCohereRerankResponse,
  convertToCohereRerankRequest,
} from './convert-cohere-rerank.js';
import { convertCohereChatResponse } from './convert-cohere-response.js';
import { COHERE_SAFETY_NONE, convertToCohereRequest } from './convert-to-cohere-request.js';

/** Default base URL of channel type 34. */
export const COHERE_DEFAULT_BASE_URL = 'https://api.cohere.ai';

/** Deployment settings of the Cohere adaptor. */
export interface CohereSettings {
  /** `COHERE_SAFETY_SETTING`: CONTEXTUAL, STRICT or OFF; NONE sends no `safety_mode`. */
  safetyMode: string;
}

export const DEFAULT_COHERE_SETTINGS: CohereSettings = { safetyMode: COHERE_SAFETY_NONE };

const PATHS: Partial<Record<RelayMode, string>> = {
  chat: '/v2/chat',
  embeddings: '/v2/embed',
  rerank: '/v2/rerank',
};

/**
 * Cohere (channel type 34) through its v2 API: chat (plain and streamed, with tools), embeddings
 * (/v2/embed) and rerank (/v2/rerank), each converted from and to OpenAI's shapes. Bearer key.
 */
export class CohereAdaptor extends ProviderAdaptorBase {
  readonly name = 'cohere';
  readonly nativeFormat = 'openai' as const;

  constructor(private readonly settings: CohereSettings = DEFAULT_COHERE_SETTINGS) {
    // Cohere answers errors as `{"id", "message"}`.
    super({ readError: parseUpstreamError });
  }

  override supports(mode: RelayMode): boolean {
    return PATHS[mode] !== undefined;
  }

  buildRequest(input: RelayCallInput): UpstreamRequest {
    const path = PATHS[input.mode];
    if (!path) throw unsupportedModeError(input.mode, input.channel.type);
    const callBody = requireBody(input);
    const model = input.upstreamModel;
    let body: unknown;
    const dropped = new DroppedFields();
    if (input.mode === 'chat') {
      body = convertToCohereRequest(
        chatCallOf(input),
        model,
        input.stream,
        this.settings.safetyMode,
        dropped,
      );
    } else if (input.mode === 'embeddings') {
      body = convertToCohereEmbedRequest(callBody, model);
    } else {
      body = convertToCohereRerankRequest(callBody, model);
    }
    const base = channelBaseUrl(input.channel, COHERE_DEFAULT_BASE_URL);
    return {
      url: `${base}${path}`,
      method: 'POST',
      headers: jsonCallHeaders(input.stream, `Bearer ${input.channel.key}`),
      body: JSON.stringify(body),
      dropped: dropped.list(),
    };
  }

  readAnswer(input: RelayCallInput, body: Buffer, _contentType: string): InternalAnswer {
    const payload = readAnswerObject(body);
    if (input.mode === 'embeddings') {
      return convertCohereEmbedResponse(payload, input.upstreamModel, input.body);
    }
    if (input.mode === 'rerank') return convertCohereRerankResponse(payload, input.body);
    return convertCohereChatResponse(payload, input.upstreamModel, Math.floor(Date.now() / 1000));
  }

  createStreamReader(input: RelayCallInput): StreamReader {
    return new CohereStreamReader(input);
  }
}
