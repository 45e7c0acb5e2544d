import type { Usage } from '../usage.js';
import { readNumber, readObject, type JsonObject } from '../json-guards.js';

/** Anthropic's token counts as reported (input excludes cache reads and writes). */
export interface AnthropicUsageCounts {
  input: number;
  output: number;
  cacheRead: number;
  cacheCreation: number;
  thinking: number;
}

export function emptyAnthropicCounts(): AnthropicUsageCounts {
  return { input: 0, output: 0, cacheRead: 0, cacheCreation: 0, thinking: 0 };
}

/**
 * Updates counts from a usage object. Stream events repeat the fields they know: a field that is
 * present replaces the earlier value, except an `input_tokens` of 0 (message_delta reports 0 when
 * it has no better figure).
 */
export function mergeAnthropicUsage(counts: AnthropicUsageCounts, usage: JsonObject): void {
  const input = readNumber(usage, 'input_tokens');
  if (input !== undefined && input > 0) counts.input = input;
  counts.output = readNumber(usage, 'output_tokens') ?? counts.output;
  counts.cacheRead = readNumber(usage, 'cache_read_input_tokens') ?? counts.cacheRead;
  counts.cacheCreation = readNumber(usage, 'cache_creation_input_tokens') ?? counts.cacheCreation;
  const outputDetails = readObject(usage, 'output_tokens_details');
  counts.thinking =
    (outputDetails && readNumber(outputDetails, 'thinking_tokens')) ?? counts.thinking;
}

/**
 * Tollgate usage: promptTokens is the total input (uncached + cache reads + cache writes), with
 * the cache parts reported separately.
 */
export function toUsage(counts: AnthropicUsageCounts): Usage {
  return {
    promptTokens: counts.input + counts.cacheRead + counts.cacheCreation,
    completionTokens: counts.output,
    cachedTokens: counts.cacheRead,
    cacheCreationTokens: counts.cacheCreation,
    reasoningTokens: counts.thinking,
  };
}

/** A complete message's usage object as Tollgate usage (undefined when it counts nothing). */
export function convertAnthropicUsage(usage: JsonObject): Usage | undefined {
  const counts = emptyAnthropicCounts();
  mergeAnthropicUsage(counts, usage);
  const converted = toUsage(counts);
  return converted.promptTokens > 0 || converted.completionTokens > 0 ? converted : undefined;
}
