import { requireBody } from '../hub/call-body.js';
import {
  classifyStandardFailure,
  type ClassifiedFailure,
  type ErrorClassification,
} from '../error-classification.js';
import type {
  ConvertedResponse,
  InternalAnswer,
  RelayCallInput,
  StreamConverter,
  StreamReader,
  UpstreamRequest,
} from '../provider-adaptor.js';
import { ProviderAdaptorBase } from '../provider-adaptor-base.js';
import { channelBaseUrl } from '../upstream-json-request.js';
import { convertGeminiResponse, parseGeminiResponse } from './convert-gemini-response.js';
import { convertToGeminiRequest, type GeminiRequestSettings } from './convert-to-gemini-request.js';
import {
  convertGeminiEmbedding,
  convertToGeminiEmbedding,
  nativeGeminiEmbedding,
} from './gemini-embeddings.js';
import { parseGeminiError } from './gemini-error.js';
import { convertImagenAnswer, convertToImagenRequest } from './gemini-imagen.js';
import { ReaderPassThroughStream } from '../reader-pass-through-stream.js';
import { chatCallOf } from '../hub/call-body.js';
import { DroppedFields } from '../hub/dropped-fields.js';
import { GeminiStreamReader } from './gemini-stream-reader.js';
import { readThinkingSuffix } from './gemini-thinking.js';

/** Default base URL of channel type 24. */
export const GEMINI_DEFAULT_BASE_URL = 'https://generativelanguage.googleapis.com';

/** The gemini.* options the adaptor follows. */
export interface GeminiSettings extends GeminiRequestSettings {
  /** gemini.version_settings: API version per model, `default` for the others. */
  versionSettings: Readonly<Record<string, string>>;
}

export const DEFAULT_GEMINI_SETTINGS: GeminiSettings = {
  safetySettings: { default: 'OFF', HARM_CATEGORY_CIVIC_INTEGRITY: 'BLOCK_NONE' },
  versionSettings: { default: 'v1beta', 'gemini-1.0-pro': 'v1' },
  imagineModels: ['gemini-2.0-flash-exp-image-generation', 'gemini-2.0-flash-exp'],
  thinkingAdapterEnabled: false,
  thinkingBudgetRatio: 0.6,
};

/** The Gemini method a call uses and the body it sends (shared with Vertex AI's Gemini models). */
export interface GeminiCall {
  /** The model named in the URL (the thinking suffix removed). */
  model: string;
  method:
    | 'generateContent'
    | 'streamGenerateContent'
    | 'embedContent'
    | 'batchEmbedContents'
    | 'predict';
  body: string;
  /** The internal call's fields the conversion could not carry (chat calls converted). */
  dropped?: readonly string[];
  /** True when the body is a Gemini client's own. */
  fromNative?: boolean;
}

/**
 * Builds a call's Gemini method and body: a chat call converted (or a Gemini client's own body,
 * sent as it is), an embeddings call as `embedContent`/`batchEmbedContents` (converted, or a
 * Gemini client's own embedding body).
 */
export function buildGeminiCall(input: RelayCallInput, settings: GeminiSettings): GeminiCall {
  const callBody = requireBody(input);
  const thinking = readThinkingSuffix(input.upstreamModel, settings);
  const native = input.native?.format === 'gemini' ? input.native : undefined;
  if (input.mode === 'embeddings') {
    // A Gemini client's embedContent / batchEmbedContents body is sent as it is.
    const embedding = native
      ? nativeGeminiEmbedding(native.body, thinking.model)
      : convertToGeminiEmbedding(callBody, thinking.model);
    return {
      model: thinking.model,
      method: embedding.method,
      body: JSON.stringify(embedding.request),
      fromNative: native !== undefined,
    };
  }
  if (input.mode === 'images') {
    return {
      model: thinking.model,
      method: 'predict',
      body: JSON.stringify(convertToImagenRequest(callBody)),
    };
  }
  const method = input.stream ? 'streamGenerateContent' : 'generateContent';
  if (native) {
    // The relay keeps the route's model in the body to track mapping; Gemini takes it from the URL.
    const { model: _model, ...body } = native.body;
    return { model: thinking.model, method, body: JSON.stringify(body), fromNative: true };
  }
  const dropped = new DroppedFields();
  const request = convertToGeminiRequest(chatCallOf(input), thinking, settings, dropped);
  return { model: thinking.model, method, body: JSON.stringify(request), dropped: dropped.list() };
}

/** Reads a complete Gemini answer (chat or embeddings) into internal form. */
export function readGeminiAnswer(input: RelayCallInput, body: Buffer): InternalAnswer {
  const text = body.toString('utf8');
  if (input.mode === 'images') return convertImagenAnswer(text);
  if (input.mode === 'embeddings') {
    return convertGeminiEmbedding(text, input.upstreamModel, input.body?.encoding_format);
  }
  return convertGeminiResponse(
    parseGeminiResponse(text),
    input.upstreamModel,
    Math.floor(Date.now() / 1000),
  );
}

/**
 * Google's errors: a key Google rejects comes back as 400 API_KEY_INVALID or 403
 * PERMISSION_DENIED; both reject the credential (and another channel may well succeed). A
 * blocked prompt (400) is the client's content and worth no other channel.
 */
export function classifyGoogleFailure(failure: ClassifiedFailure): ErrorClassification {
  const standard = classifyStandardFailure(failure);
  const credentialRejected =
    standard.credentialRejected ||
    failure.code === 'API_KEY_INVALID' ||
    failure.type === 'UNAUTHENTICATED' ||
    (failure.status === 403 && failure.type === 'PERMISSION_DENIED');
  return { retryable: standard.retryable || credentialRejected, credentialRejected };
}

/**
 * Google Gemini API (AI Studio, channel type 24): chat calls converted to `generateContent` /
 * `streamGenerateContent?alt=sse`, embeddings to `embedContent` / `batchEmbedContents`, image
 * generations to Imagen's `predict`, the key
 * in `x-goog-api-key`, the API version from gemini.version_settings. A Gemini-API client's calls
 * pass through. Settings are read per call so option changes apply at once.
 */
export class GeminiAdaptor extends ProviderAdaptorBase {
  readonly name = 'gemini';
  readonly nativeFormat = 'gemini' as const;

  constructor(private readonly settings: () => GeminiSettings = () => DEFAULT_GEMINI_SETTINGS) {
    super({ modes: ['chat', 'embeddings', 'images'], readError: parseGeminiError });
  }

  buildRequest(input: RelayCallInput): UpstreamRequest {
    this.requireSupportedMode(input);
    const settings = this.settings();
    const call = buildGeminiCall(input, settings);
    const base = channelBaseUrl(input.channel, GEMINI_DEFAULT_BASE_URL);
    const version = apiVersion(call.model, settings.versionSettings);
    const query = call.method === 'streamGenerateContent' ? '?alt=sse' : '';
    return {
      url: `${base}/${version}/models/${encodeURIComponent(call.model)}:${call.method}${query}`,
      method: 'POST',
      headers: { 'x-goog-api-key': input.channel.key, 'Content-Type': 'application/json' },
      body: call.body,
      dropped: call.dropped,
      fromNative: call.fromNative,
    };
  }

  passThroughAnswer(input: RelayCallInput, body: Buffer, contentType: string): ConvertedResponse {
    // Read for usage (and a 200 without candidates); the client gets upstream's bytes.
    const answer = this.readAnswer(input, body, contentType);
    return {
      body,
      contentType: contentType || 'application/json; charset=UTF-8',
      usage: answer.usage,
      completionText: answer.completionText,
    };
  }

  readAnswer(input: RelayCallInput, body: Buffer, _contentType: string): InternalAnswer {
    return readGeminiAnswer(input, body);
  }

  createPassThroughStream(input: RelayCallInput): StreamConverter {
    // Gemini frames its events with \r\n and has no closing event.
    return new ReaderPassThroughStream(new GeminiStreamReader(input, { keepThinking: true }), {
      lineBreak: '\r\n',
    });
  }

  createStreamReader(input: RelayCallInput): StreamReader {
    return new GeminiStreamReader(input);
  }

  override classifyError(failure: ClassifiedFailure): ErrorClassification {
    return classifyGoogleFailure(failure);
  }
}

/** The API version of a model: its own entry in gemini.version_settings, else `default`. */
export function apiVersion(model: string, versions: Readonly<Record<string, string>>): string {
  if (Object.hasOwn(versions, model) && versions[model]) return versions[model];
  return Object.hasOwn(versions, 'default') && versions.default ? versions.default : 'v1beta';
}
