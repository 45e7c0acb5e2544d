import { readAnswerObject } from '../answer-object.js';
import { RelayError } from '../../errors/relay-error.js';
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
import { forwardOpenAiBeta } from './openai-beta-header.js';
import { honoursStreamUsageOption } from './openai-channel-types.js';
import {
  DEFAULT_OPENAI_ADAPTOR_SETTINGS,
  type OpenAiAdaptorSettings,
} from './openai-adaptor-settings.js';
import { bearerCredentials, type OpenAiCompatibleProfile } from './openai-compatible-profile.js';
import { parseOpenAiError } from './openai-error.js';
import { applyStreamOptionsRule } from './openai-request-body.js';
import { convertOpenAiResponse } from './openai-response.js';
import { OpenAiStreamConverter } from './openai-stream-converter.js';
import { OpenAiStreamReader } from './openai-stream-reader.js';
import { ResponsesPassThroughStream } from './responses-pass-through-stream.js';
import { buildOpenAiUrl } from './openai-url.js';

export { DEFAULT_OPENAI_ADAPTOR_SETTINGS, type OpenAiAdaptorSettings };

/** Modes whose client body is multipart and is forwarded byte for byte. */
const MULTIPART_MODES: ReadonlySet<RelayMode> = new Set(['transcription', 'translation']);

/**
 * The OpenAI wire format, for OpenAI itself, Azure, Custom and every OpenAI-compatible vendor.
 * One instance per channel type; the profile declares how that vendor differs from OpenAI.
 */
export class OpenAiAdaptor extends ProviderAdaptorBase {
  readonly name: string;
  readonly nativeFormat = 'openai' as const;

  constructor(
    private readonly profile: OpenAiCompatibleProfile,
    private readonly settings: OpenAiAdaptorSettings = DEFAULT_OPENAI_ADAPTOR_SETTINGS,
  ) {
    super({ readError: parseOpenAiError });
    this.name = profile.name;
  }

  override supports(mode: RelayMode): boolean {
    if (mode === 'responses') return this.profile.servesResponses === true;
    return this.profile.modes === undefined || this.profile.modes.has(mode);
  }

  override supportsStreamOptions(channel: ChannelTarget): boolean {
    return honoursStreamUsageOption(channel.type);
  }

  buildRequest(input: RelayCallInput): UpstreamRequest {
    this.requireSupportedMode(input);
    const headers = this.buildHeaders(input);

    if (MULTIPART_MODES.has(input.mode)) {
      headers['Content-Type'] = input.contentType;
      return {
        url: buildOpenAiUrl(this.profile, input, input.upstreamModel, this.settings),
        method: 'POST',
        headers,
        body: input.rawBody,
      };
    }

    if (!input.body) throw RelayError.badRequest('the request body must be a JSON object');
    if (input.mode === 'responses') return this.buildResponsesRequest(input, headers);
    const body: Record<string, unknown> = { ...input.body };
    applyStreamOptionsRule(body, input.stream, this.supportsStreamOptions(input.channel));
    this.profile.adjustBody?.(body, input);
    // Body rules may rename the model (effort suffixes); the URL must use the name sent.
    const model = typeof body.model === 'string' && body.model ? body.model : input.upstreamModel;
    headers['Content-Type'] = 'application/json';
    // Nothing changed anywhere: the client's own bytes are the body, no re-serialising.
    const forwardRaw = input.bodyUnchanged && sameTopLevelFields(input.body, body);
    return {
      url: buildOpenAiUrl(this.profile, input, model, this.settings),
      method: 'POST',
      headers,
      body: forwardRaw ? input.rawBody : JSON.stringify(body),
    };
  }

  /** A Responses call: the client's body (its model mapped) to the Responses endpoint. */
  private buildResponsesRequest(
    input: RelayCallInput,
    headers: Record<string, string>,
  ): UpstreamRequest {
    headers['Content-Type'] = 'application/json';
    return {
      url: buildOpenAiUrl(this.profile, input, input.upstreamModel, this.settings),
      method: 'POST',
      headers,
      body: input.bodyUnchanged ? input.rawBody : JSON.stringify(input.body),
    };
  }

  passThroughAnswer(input: RelayCallInput, body: Buffer, contentType: string): ConvertedResponse {
    return convertOpenAiResponse(this.profile, input, body, contentType);
  }

  readAnswer(input: RelayCallInput, body: Buffer, contentType: string): InternalAnswer {
    const converted = convertOpenAiResponse(this.profile, input, body, contentType);
    const text =
      typeof converted.body === 'string' ? converted.body : converted.body.toString('utf8');
    const completion = readAnswerObject(text);
    return { completion, usage: converted.usage, completionText: converted.completionText };
  }

  createPassThroughStream(input: RelayCallInput): StreamConverter {
    if (input.mode === 'responses')
      return new ResponsesPassThroughStream(this.profile.convertUsage);
    return new OpenAiStreamConverter(input, this.profile.convertUsage);
  }

  createStreamReader(input: RelayCallInput): StreamReader {
    return new OpenAiStreamReader(input, this.profile.convertUsage);
  }

  private buildHeaders(input: RelayCallInput): Record<string, string> {
    const { channel } = input;
    const headers: Record<string, string> = {
      ...(this.profile.credentialHeaders ?? bearerCredentials)(channel),
      ...this.profile.vendorHeaders?.(this.settings),
    };
    const accept = input.clientHeaders.accept;
    if (typeof accept === 'string' && accept) headers.Accept = accept;
    else if (input.stream) headers.Accept = 'text/event-stream';
    forwardOpenAiBeta(headers, input.clientHeaders);
    return headers;
  }
}

/** True when `copy` (a shallow copy of `original`) still has the same keys and values. */
function sameTopLevelFields(
  original: Record<string, unknown>,
  copy: Record<string, unknown>,
): boolean {
  const keys = Object.keys(copy);
  if (keys.length !== Object.keys(original).length) return false;
  return keys.every((key) => Object.hasOwn(original, key) && original[key] === copy[key]);
}
