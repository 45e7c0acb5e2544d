import { randomUUID } from 'node:crypto';
import { RelayError } from '../../errors/relay-error.js';
import { readNumber, type JsonObject } from '../json-guards.js';
import type { InternalAnswer } from '../provider-adaptor.js';
import { plainUsage, type Usage } from '../usage.js';
import {
  cloudflareEnvelopeSchema,
  textGenerationResultSchema,
  type WorkersAiPromptRequest,
  type WorkersAiUsage,
} from './cloudflare-api-types.js';
import { parseCloudflareError } from './cloudflare-error.js';

/**
 * An OpenAI completions request (`/v1/completions`) as the body of Workers AI's
 * `/ai/run/{model}`: `{prompt, max_tokens, stream, temperature}` (reference §3.6 "cloudflare").
 * Workers AI takes one prompt: a one-item prompt list is unwrapped, a longer one is refused.
 */
export function toWorkersAiPrompt(body: JsonObject, stream: boolean): WorkersAiPromptRequest {
  let prompt = body.prompt;
  if (Array.isArray(prompt) && prompt.length === 1) prompt = prompt[0];
  if (typeof prompt !== 'string') {
    throw RelayError.badRequest(
      'Workers AI completions take a single text prompt',
      'convert_request_failed',
    );
  }
  const request: WorkersAiPromptRequest = { prompt };
  const maxTokens = readNumber(body, 'max_tokens');
  if (maxTokens !== undefined && maxTokens > 0) request.max_tokens = Math.floor(maxTokens);
  if (stream) request.stream = true;
  const temperature = readNumber(body, 'temperature');
  if (temperature !== undefined) request.temperature = temperature;
  return request;
}

/** Workers AI's token counts as Usage; undefined when it reported none. */
export function convertWorkersAiUsage(usage: WorkersAiUsage | null | undefined): Usage | undefined {
  if (!usage) return undefined;
  const promptTokens = usage.prompt_tokens ?? 0;
  const completionTokens =
    usage.completion_tokens ?? Math.max(0, (usage.total_tokens ?? 0) - promptTokens);
  if (promptTokens + completionTokens <= 0) return undefined;
  return plainUsage(promptTokens, completionTokens);
}

/** OpenAI's usage object of a completions answer. */
function openAiUsage(usage: Usage): JsonObject {
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.promptTokens + usage.completionTokens,
  };
}

/** A fresh OpenAI completions id. */
export function completionId(): string {
  return `cmpl-${randomUUID().replace(/-/g, '')}`;
}

/**
 * The `result` of a Workers AI answer envelope. An envelope saying `success: false` inside a 200 is
 * thrown as the upstream error it carries (status 500, so it counts as a failed call); an answer
 * without `result` is a broken upstream.
 */
export function readEnvelopeResult(payload: unknown): unknown {
  const envelope = cloudflareEnvelopeSchema.safeParse(payload);
  if (!envelope.success) throw unexpectedAnswer();
  if (envelope.data.success === false) {
    const error = parseCloudflareError(500, JSON.stringify(payload));
    throw RelayError.upstream(error.status, error.message, error.type, error.code);
  }
  if (envelope.data.result === undefined || envelope.data.result === null) throw unexpectedAnswer();
  return envelope.data.result;
}

/** The upstream error for a success answer Tollgate cannot read (not local: another channel may do). */
export function unexpectedAnswer(): RelayError {
  return RelayError.upstream(
    500,
    'Workers AI returned an answer Tollgate cannot read',
    'upstream_error',
    'unmarshal_response_body_failed',
  );
}

/**
 * `{result: {response, usage?}, success, errors, messages}` as OpenAI's `text_completion` object.
 * Usage comes from `result.usage` when the model reports it; otherwise it is left out and the
 * relay counts the prompt and the generated text locally.
 */
export function convertWorkersAiCompletion(payload: unknown, model: string): InternalAnswer {
  const parsed = textGenerationResultSchema.safeParse(readEnvelopeResult(payload));
  if (!parsed.success) throw unexpectedAnswer();
  const { response } = parsed.data;
  const text =
    typeof response === 'string' ? response : response == null ? '' : JSON.stringify(response);
  const usage = convertWorkersAiUsage(parsed.data.usage);
  const completion: JsonObject = {
    id: completionId(),
    object: 'text_completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ text, index: 0, logprobs: null, finish_reason: 'stop' }],
  };
  if (usage) completion.usage = openAiUsage(usage);
  return { completion, usage, completionText: usage ? '' : text };
}
