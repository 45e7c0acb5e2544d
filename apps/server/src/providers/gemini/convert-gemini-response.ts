import { parseJsonObject } from '../json-guards.js';
import { randomUUID } from 'node:crypto';
import type { AnswerMessage, ChatCompletion, CompletionChoice } from '../hub/internal-answer.js';
import { RelayError } from '../../errors/relay-error.js';
import type { InternalAnswer } from '../provider-adaptor.js';
import { toOpenAiUsage } from '../usage.js';
import { convertGeminiParts, mapGeminiFinishReason } from './convert-gemini-parts.js';
import { convertGeminiUsage } from './convert-gemini-usage.js';
import { geminiResponseSchema, type GeminiWireResponse } from './gemini-wire-schemas.js';

/** Parses a GenerateContentResponse (a whole answer or one stream chunk); throws when malformed. */
export function parseGeminiResponse(text: string): GeminiWireResponse {
  const json = parseJsonObject(text);
  const parsed = geminiResponseSchema.safeParse(json);
  if (!parsed.success) {
    throw RelayError.upstream(
      500,
      'upstream returned a response body that is not a Gemini answer',
      'upstream_error',
      'unmarshal_response_body_failed',
    );
  }
  return parsed.data;
}

/**
 * The error of an answer without candidates: a prompt Gemini blocked (a 400 naming the reason,
 * not worth another channel), else "No candidates returned" (500).
 */
export function noCandidatesError(response: GeminiWireResponse): RelayError {
  const blockReason = response.promptFeedback?.blockReason;
  if (blockReason) {
    return RelayError.upstream(
      400,
      `the prompt was blocked by Gemini (${blockReason})`,
      'upstream_error',
      'prompt_blocked',
    );
  }
  return RelayError.upstream(500, 'No candidates returned', 'upstream_error', 'no_candidates');
}

/** A Gemini answer as a `chat.completion` with its usage. */
export function convertGeminiResponse(
  response: GeminiWireResponse,
  model: string,
  created: number,
): InternalAnswer {
  const candidates = response.candidates ?? [];
  if (candidates.length === 0) throw noCandidatesError(response);
  const generated: string[] = [];
  const choices = candidates.map((candidate, position): CompletionChoice => {
    const parts = convertGeminiParts(candidate.content?.parts);
    const content = parts.content.join('\n');
    const reasoning = parts.reasoning.join('');
    generated.push(reasoning, content);
    for (const call of parts.toolCalls) generated.push(call.function.name, call.function.arguments);
    const message: AnswerMessage = { role: 'assistant', content };
    if (reasoning) message.reasoning_content = reasoning;
    if (parts.toolCalls.length > 0) message.tool_calls = parts.toolCalls;
    return {
      index: candidate.index ?? position,
      message,
      logprobs: null,
      finish_reason:
        mapGeminiFinishReason(candidate.finishReason, parts.toolCalls.length > 0) ?? 'stop',
    };
  });
  const usage = response.usageMetadata ? convertGeminiUsage(response.usageMetadata) : undefined;
  const completion: ChatCompletion = {
    id: `chatcmpl-${response.responseId ?? randomUUID()}`,
    object: 'chat.completion',
    created,
    model: response.modelVersion || model,
    choices,
  };
  if (usage) completion.usage = toOpenAiUsage(usage);
  return { completion, usage, completionText: usage ? '' : generated.join('') };
}
