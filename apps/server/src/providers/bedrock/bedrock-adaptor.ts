import { readAnswerObject } from '../answer-object.js';
import { randomUUID } from 'node:crypto';
import {
  classifyStandardFailure,
  type ClassifiedFailure,
  type ErrorClassification,
} from '../error-classification.js';
import type {
  InternalAnswer,
  RelayCallInput,
  StreamEventParser,
  StreamReader,
  UpstreamRequest,
} from '../provider-adaptor.js';
import { ProviderAdaptorBase } from '../provider-adaptor-base.js';
import { chatCallOf } from '../hub/call-body.js';
import { DroppedFields } from '../hub/dropped-fields.js';
import {
  AnthropicAdaptor,
  DEFAULT_ANTHROPIC_SETTINGS,
  type AnthropicSettings,
} from '../anthropic/anthropic-adaptor.js';
import { bedrockRuntimeUrl, parseBedrockKey } from './bedrock-credentials.js';
import { parseBedrockError } from './bedrock-error.js';
import {
  AWS_EVENT_STREAM_CONTENT_TYPE,
  BedrockEventStreamParser,
} from './bedrock-event-stream-parser.js';
import { BedrockInvokeStreamReader } from './bedrock-invoke-stream-reader.js';
import { bedrockModelId, isClaudeModel } from './bedrock-model-ids.js';
import { buildClaudeInvokeBody } from './build-claude-invoke-body.js';
import { ConverseStreamReader } from './converse-stream-reader.js';
import { convertConverseResponse } from './convert-converse-response.js';
import { convertToConverseRequest } from './convert-to-converse-request.js';
import { signBedrockRequest } from './sign-bedrock-request.js';

/**
 * AWS Bedrock (channel type 33). The channel key is `AccessKeyId|SecretAccessKey|Region`; every
 * call is signed with SigV4. Claude models go through InvokeModel /
 * InvokeModelWithResponseStream with the Anthropic Messages body (the Anthropic conversions,
 * `anthropic_version: bedrock-2023-05-31`, the model id in the path); other models through
 * Converse / ConverseStream. Streams arrive in AWS's binary event-stream framing. Model names are
 * mapped to Bedrock ids and to the region's cross-region inference profile. Only chat mode.
 */
export class BedrockAdaptor extends ProviderAdaptorBase {
  readonly name = 'bedrock';
  /** Claude Messages clients' bodies are sent to Claude models as they are (no pass-through). */
  readonly nativeFormat = 'anthropic-messages' as const;
  private readonly anthropic: AnthropicAdaptor;

  constructor(
    private readonly settings: () => AnthropicSettings = () => DEFAULT_ANTHROPIC_SETTINGS,
  ) {
    super({ modes: ['chat'], readError: parseBedrockError });
    this.anthropic = new AnthropicAdaptor(settings);
  }

  /** The unsigned call; `authorize` signs it with the channel's key just before it is sent. */
  buildRequest(input: RelayCallInput): UpstreamRequest {
    this.requireSupportedMode(input);
    const call = chatCallOf(input);
    const dropped = new DroppedFields();
    const credentials = parseBedrockKey(input.channel.key);
    const base = (input.channel.baseUrl || bedrockRuntimeUrl(credentials.region)).replace(
      /\/+$/,
      '',
    );
    const claude = this.isClaude(input);
    const claudeCall = claude ? buildClaudeInvokeBody(input, this.settings(), dropped) : undefined;
    const modelId = bedrockModelId(claudeCall?.model ?? input.upstreamModel, credentials.region);
    const action = claude
      ? input.stream
        ? 'invoke-with-response-stream'
        : 'invoke'
      : input.stream
        ? 'converse-stream'
        : 'converse';
    const body =
      claudeCall?.body ??
      convertToConverseRequest(call, input.upstreamModel, this.settings(), dropped);
    return {
      url: `${base}/model/${encodeURIComponent(modelId)}/${action}`,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: input.stream ? AWS_EVENT_STREAM_CONTENT_TYPE : 'application/json',
      },
      body: JSON.stringify(body),
      dropped: dropped.list(),
      fromNative: claudeCall?.fromNative,
    };
  }

  authorize(input: RelayCallInput, request: UpstreamRequest): Promise<UpstreamRequest> {
    return signBedrockRequest(
      request.url,
      String(request.body ?? ''),
      request.headers,
      parseBedrockKey(input.channel.key),
    );
  }

  readAnswer(input: RelayCallInput, body: Buffer, contentType: string): InternalAnswer {
    if (this.isClaude(input)) {
      return this.anthropic.readAnswer(input, body, contentType);
    }
    const payload = readAnswerObject(body);
    return convertConverseResponse(
      payload,
      input.upstreamModel,
      randomUUID(),
      Math.floor(Date.now() / 1000),
    );
  }

  createStreamParser(contentType: string): StreamEventParser | undefined {
    return contentType.includes(AWS_EVENT_STREAM_CONTENT_TYPE)
      ? new BedrockEventStreamParser()
      : undefined;
  }

  createStreamReader(input: RelayCallInput): StreamReader {
    return this.isClaude(input)
      ? new BedrockInvokeStreamReader(input)
      : new ConverseStreamReader(input);
  }

  /** Claude models (a friendly name or a Bedrock id, with or without a profile) use InvokeModel. */
  private isClaude(input: RelayCallInput): boolean {
    return isClaudeModel(bedrockModelId(input.upstreamModel, ''));
  }

  /** AWS answers a bad or unauthorised key with 403 (never 401): the credential is rejected. */
  override classifyError(failure: ClassifiedFailure): ErrorClassification {
    const standard = classifyStandardFailure(failure);
    return {
      ...standard,
      credentialRejected: standard.credentialRejected || failure.status === 403,
    };
  }
}
