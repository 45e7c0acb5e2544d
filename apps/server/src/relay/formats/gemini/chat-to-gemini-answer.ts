import type { Usage } from '../../../providers/usage.js';
import { answerText, readChatCompletion } from '../../../providers/hub/internal-answer.js';
import type {
  GeminiPart,
  GeminiResponse,
  GeminiUsageMetadata,
} from '../../../providers/gemini/gemini-api-types.js';

const FINISH_REASONS: Readonly<Record<string, string>> = {
  stop: 'STOP',
  tool_calls: 'STOP',
  function_call: 'STOP',
  length: 'MAX_TOKENS',
  content_filter: 'SAFETY',
};

/** An OpenAI finish reason as Gemini's (`OTHER` for any it has no word for). */
export function geminiFinishReason(reason: unknown): string {
  if (typeof reason !== 'string' || reason === '') return 'STOP';
  return FINISH_REASONS[reason] ?? 'OTHER';
}

/**
 * Usage as Gemini reports it: candidates exclude thoughts, the total counts prompt, candidates
 * and thoughts.
 */
export function geminiUsageMetadata(usage: Usage): GeminiUsageMetadata {
  const thoughts = Math.min(usage.reasoningTokens, usage.completionTokens);
  const metadata: GeminiUsageMetadata = {
    promptTokenCount: usage.promptTokens,
    candidatesTokenCount: usage.completionTokens - thoughts,
    totalTokenCount: usage.promptTokens + usage.completionTokens,
  };
  if (thoughts > 0) metadata.thoughtsTokenCount = thoughts;
  if (usage.cachedTokens > 0) metadata.cachedContentTokenCount = usage.cachedTokens;
  return metadata;
}

/** Tool-call arguments as an object (Gemini's `args`); text that is not a JSON object is kept. */
export function parseArguments(text: unknown): Record<string, unknown> {
  if (typeof text !== 'string' || text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
    return { value };
  } catch {
    return { arguments: text };
  }
}

/**
 * A `chat.completion` as Gemini's GenerateContentResponse: reasoning as a thought part, the text,
 * each tool call as a `functionCall` part; the finish reason, usage (when upstream reported it),
 * the model that answered and the answer's id. `hideThoughts` (no `includeThoughts`) leaves the
 * reasoning out; its tokens are still counted in `thoughtsTokenCount`.
 */
export function chatToGeminiAnswer(
  completion: Record<string, unknown>,
  usage: Usage | undefined,
  fallbackModel: string,
  hideThoughts = false,
): GeminiResponse {
  // The edge of the internal answer for a Gemini client: an unreadable one answers empty.
  const choice = readChatCompletion(completion)?.choices[0];
  const message = choice?.message ?? {};
  const parts: GeminiPart[] = [];
  const reasoning = message.reasoning_content ?? message.reasoning;
  if (reasoning && !hideThoughts) parts.push({ text: reasoning, thought: true });
  const text = answerText(message.content);
  if (text !== '') parts.push({ text });
  for (const call of message.tool_calls ?? []) {
    parts.push({
      functionCall: {
        name: call.function?.name ?? '',
        args: parseArguments(call.function?.arguments),
      },
    });
  }
  if (parts.length === 0) parts.push({ text: '' });
  const answer: GeminiResponse = {
    candidates: [
      {
        content: { role: 'model', parts },
        finishReason: geminiFinishReason(choice?.finish_reason),
        index: 0,
      },
    ],
    modelVersion:
      typeof completion.model === 'string' && completion.model ? completion.model : fallbackModel,
  };
  if (usage) answer.usageMetadata = geminiUsageMetadata(usage);
  if (typeof completion.id === 'string') answer.responseId = completion.id;
  return answer;
}
