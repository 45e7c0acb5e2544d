/**
 * Token usage of one call in Tollgate's single internal shape. Every provider converts its own
 * usage report into this; billing prices only this.
 *
 * `promptTokens` is the TOTAL input, including cache reads and cache writes (OpenAI's convention).
 * Providers that report uncached input separately (Anthropic) add their cache counts in.
 */
export interface Usage {
  promptTokens: number;
  completionTokens: number;
  /** Part of promptTokens read from the provider's prompt cache. */
  cachedTokens: number;
  /** Part of promptTokens written to the provider's prompt cache (Anthropic cache creation). */
  cacheCreationTokens: number;
  /** Part of completionTokens spent on reasoning. */
  reasoningTokens: number;
  /**
   * Audio models (gpt-4o-audio*) report input and output split into text and audio tokens;
   * they are billed with the audio ratios when present.
   */
  audio?: { textInput: number; textOutput: number; audioInput: number; audioOutput: number };
}

/** The usage object as OpenAI clients expect it in responses and in the final stream chunk. */
export function toOpenAiUsage(usage: Usage) {
  return {
    prompt_tokens: usage.promptTokens,
    completion_tokens: usage.completionTokens,
    total_tokens: usage.promptTokens + usage.completionTokens,
    prompt_tokens_details: { cached_tokens: usage.cachedTokens },
    completion_tokens_details: { reasoning_tokens: usage.reasoningTokens },
  };
}

/** Usage of a provider that reports input and output counts only (no cache, no reasoning split). */
export function plainUsage(promptTokens: number, completionTokens: number): Usage {
  return {
    promptTokens,
    completionTokens,
    cachedTokens: 0,
    cacheCreationTokens: 0,
    reasoningTokens: 0,
  };
}
