import type { RelayCallInput } from '../provider-adaptor.js';
import { chatCallOf } from '../hub/call-body.js';
import type { DroppedFields } from '../hub/dropped-fields.js';
import type { AnthropicRequest } from '../anthropic/anthropic-api-types.js';
import type { AnthropicSettings } from '../anthropic/anthropic-adaptor.js';
import { applyThinkingAdapter } from '../anthropic/anthropic-thinking-adapter.js';
import {
  convertToAnthropicRequest,
  defaultMaxTokens,
} from '../anthropic/convert-to-anthropic-request.js';

/** The `anthropic_version` Bedrock requires in a Claude body. */
export const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';

/** A Claude Messages body as InvokeModel takes it: no model or stream, a version field instead. */
export type ClaudeInvokeBody = Omit<AnthropicRequest, 'model' | 'stream'> & {
  anthropic_version: string;
  anthropic_beta?: string[];
};

/**
 * The InvokeModel body for a Claude model (reference §3.6 "aws"): the Anthropic Messages request —
 * the Claude Messages client's own body when it sent one, else the OpenAI chat call converted by
 * the Anthropic conversion — without `model` and `stream` (the model is in the path, streaming is
 * the endpoint), with `anthropic_version: bedrock-2023-05-31`. The client's `anthropic-beta`
 * header becomes `anthropic_beta`, where Bedrock reads it. Returns the model to call too (the
 * `-thinking` adapter strips its suffix).
 */
export function buildClaudeInvokeBody(
  input: RelayCallInput,
  settings: AnthropicSettings,
  dropped?: DroppedFields,
): { model: string; body: ClaudeInvokeBody; fromNative: boolean } {
  const native = input.native?.format === 'anthropic-messages' ? input.native : undefined;
  let request: AnthropicRequest;
  if (native) {
    request = { ...native.body, model: input.upstreamModel } as unknown as AnthropicRequest;
    if (typeof request.max_tokens !== 'number') {
      request.max_tokens = defaultMaxTokens(input.upstreamModel, settings);
    }
    applyThinkingAdapter(request, settings.thinkingAdapterEnabled, settings.thinkingBudgetRatio);
  } else {
    request = convertToAnthropicRequest(
      chatCallOf(input),
      input.upstreamModel,
      false,
      settings,
      undefined,
      dropped,
    );
  }
  const { model, stream: _stream, ...rest } = request;
  const body: ClaudeInvokeBody = { anthropic_version: BEDROCK_ANTHROPIC_VERSION, ...rest };
  const betas = betaList(input.clientHeaders['anthropic-beta']);
  if (betas.length > 0) body.anthropic_beta = betas;
  return { model, body, fromNative: native !== undefined };
}

function betaList(header: string | string[] | undefined): string[] {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  return [...new Set(text.split(',').map((item) => item.trim()))].filter(Boolean);
}
