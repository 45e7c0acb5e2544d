import { readAnswerObject } from '../answer-object.js';
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
import { readObject } from '../json-guards.js';
import { toRelayError } from '../upstream-error.js';
import { channelBaseUrl } from '../upstream-json-request.js';
import { anthropicErrorStatus, parseAnthropicError } from './anthropic-error.js';
import { ReaderPassThroughStream } from '../reader-pass-through-stream.js';
import { chatCallOf } from '../hub/call-body.js';
import { DroppedFields } from '../hub/dropped-fields.js';
import { AnthropicStreamReader } from './anthropic-stream-reader.js';
import type { AnthropicRequest } from './anthropic-api-types.js';
import { applyThinkingAdapter } from './anthropic-thinking-adapter.js';
import { convertAnthropicMessage } from './convert-anthropic-response.js';
import { responseFormatTool } from './convert-response-format.js';
import {
  FALLBACK_MAX_TOKENS,
  convertToAnthropicRequest,
  defaultMaxTokens,
  type AnthropicRequestOptions,
} from './convert-to-anthropic-request.js';

/** Default base URL of channel type 14. */
export const ANTHROPIC_DEFAULT_BASE_URL = 'https://api.anthropic.com';
/** `anthropic-version` when the client sends none. */
export const DEFAULT_ANTHROPIC_VERSION = '2023-06-01';

/** The `claude.*` options the adaptor follows. */
export interface AnthropicSettings extends AnthropicRequestOptions {
  /**
   * `claude.model_headers_settings`: extra headers per **original** model,
   * `{model: {header: [values]}}` (values joined with `,`).
   */
  modelHeaders: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;
}

export const DEFAULT_ANTHROPIC_SETTINGS: AnthropicSettings = {
  defaultMaxTokens: { default: FALLBACK_MAX_TOKENS },
  thinkingAdapterEnabled: true,
  thinkingBudgetRatio: 0.8,
  modelHeaders: {},
};

/**
 * Anthropic Messages API (channel type 14) behind the OpenAI chat format: requests are
 * converted to `/v1/messages`, answers and streams back to chat completions. Only chat mode.
 * Settings are read through a function so option changes apply to the next call.
 */
export class AnthropicAdaptor extends ProviderAdaptorBase {
  readonly name = 'anthropic';
  readonly nativeFormat = 'anthropic-messages' as const;

  constructor(
    private readonly settings: () => AnthropicSettings = () => DEFAULT_ANTHROPIC_SETTINGS,
  ) {
    super({ modes: ['chat'], readError: parseAnthropicError });
  }

  buildRequest(input: RelayCallInput): UpstreamRequest {
    this.requireSupportedMode(input);
    const call = chatCallOf(input);
    const settings = this.settings();
    const base = channelBaseUrl(input.channel, ANTHROPIC_DEFAULT_BASE_URL);
    const request: UpstreamRequest = {
      url: `${base}/v1/messages`,
      method: 'POST',
      headers: this.buildHeaders(input, settings),
      body: undefined,
    };
    const native = input.native?.format === this.nativeFormat ? input.native : undefined;
    if (native) {
      request.body = this.nativeBody(input, native, settings);
      request.fromNative = true;
      return request;
    }
    const dropped = new DroppedFields();
    request.body = JSON.stringify(
      convertToAnthropicRequest(
        call,
        input.upstreamModel,
        input.stream,
        settings,
        input.reasoning?.budgetTokens,
        dropped,
      ),
    );
    request.dropped = dropped.list();
    return request;
  }

  /**
   * A Claude Messages client's own body: its bytes when nothing changed, else its fields (unknown
   * ones included) with the mapped model, a default max_tokens when it has none, and the
   * `-thinking` adapter.
   */
  private nativeBody(
    input: RelayCallInput,
    native: NonNullable<RelayCallInput['native']>,
    settings: AnthropicSettings,
  ): string | Buffer {
    const model = String(native.body.model);
    const needsMaxTokens = typeof native.body.max_tokens !== 'number';
    const thinkingModel = settings.thinkingAdapterEnabled && model.endsWith('-thinking');
    if (native.unchanged && !needsMaxTokens && !thinkingModel) return input.rawBody;
    const request = { ...native.body } as unknown as AnthropicRequest;
    if (needsMaxTokens) request.max_tokens = defaultMaxTokens(model, settings);
    applyThinkingAdapter(request, settings.thinkingAdapterEnabled, settings.thinkingBudgetRatio);
    return JSON.stringify(request);
  }

  passThroughAnswer(input: RelayCallInput, body: Buffer, contentType: string): ConvertedResponse {
    // Read for usage (and a 200 carrying an error); the client gets upstream's bytes.
    const answer = this.readAnswer(input, body, contentType);
    return {
      body,
      contentType: contentType || 'application/json',
      usage: answer.usage,
      completionText: answer.completionText,
    };
  }

  createPassThroughStream(input: RelayCallInput): StreamConverter {
    // `message_stop` closes a Claude stream; the reader keeps thinking as upstream sent it.
    return new ReaderPassThroughStream(new AnthropicStreamReader(input, { keepThinking: true }), {
      lineBreak: '\n',
      closingEvent: 'message_stop',
    });
  }

  readAnswer(input: RelayCallInput, body: Buffer, _contentType: string): InternalAnswer {
    const message = readAnswerObject(body);
    if (message.type === 'error') {
      const parsed = parseAnthropicError(500, body);
      const error = readObject(message, 'error');
      throw toRelayError({
        ...parsed,
        status: anthropicErrorStatus(typeof error?.type === 'string' ? error.type : ''),
      });
    }
    const converted = convertAnthropicMessage(
      message,
      input.upstreamModel,
      Math.floor(Date.now() / 1000),
      responseFormatTool(input.body ? chatCallOf(input) : undefined)?.name,
    );
    return {
      completion: converted.completion,
      usage: converted.usage,
      completionText: converted.completionText,
    };
  }

  createStreamReader(input: RelayCallInput): StreamReader {
    return new AnthropicStreamReader(input);
  }
  /** Anthropic answers overload with a 400 at times: another channel may well succeed. */
  override classifyError(failure: ClassifiedFailure): ErrorClassification {
    const standard = classifyStandardFailure(failure);
    return { ...standard, retryable: standard.retryable || failure.status === 400 };
  }

  private buildHeaders(input: RelayCallInput, settings: AnthropicSettings): Record<string, string> {
    const clientVersion = input.clientHeaders['anthropic-version'];
    const headers: Record<string, string> = {
      'x-api-key': input.channel.key,
      'anthropic-version':
        typeof clientVersion === 'string' && clientVersion
          ? clientVersion
          : DEFAULT_ANTHROPIC_VERSION,
      'Content-Type': 'application/json',
    };
    const accept = input.clientHeaders.accept;
    if (typeof accept === 'string' && accept) headers.Accept = accept;
    else if (input.stream) headers.Accept = 'text/event-stream';

    const betas = new Set<string>();
    addCommaList(betas, input.clientHeaders['anthropic-beta']);
    const modelHeaders = Object.hasOwn(settings.modelHeaders, input.originalModel)
      ? settings.modelHeaders[input.originalModel]
      : {};
    for (const [name, values] of Object.entries(modelHeaders)) {
      if (name.toLowerCase() === 'anthropic-beta') addCommaList(betas, values.join(','));
      else headers[name] = values.join(',');
    }
    if (betas.size > 0) headers['anthropic-beta'] = [...betas].join(',');
    return headers;
  }
}

function addCommaList(target: Set<string>, value: string | string[] | undefined): void {
  const text = Array.isArray(value) ? value.join(',') : value;
  if (!text) return;
  for (const item of text.split(',')) {
    const trimmed = item.trim();
    if (trimmed) target.add(trimmed);
  }
}
