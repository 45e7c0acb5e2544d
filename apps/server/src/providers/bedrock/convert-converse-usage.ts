import type { Usage } from '../usage.js';
import type { ConverseUsage } from './converse-api-types.js';

/**
 * Converse usage as Tollgate usage: promptTokens is the whole input (Converse's `inputTokens`
 * excludes cache reads and writes, as Anthropic's does). Undefined when it counts nothing.
 */
export function convertConverseUsage(usage: ConverseUsage | undefined): Usage | undefined {
  if (!usage) return undefined;
  const cacheRead = usage.cacheReadInputTokens ?? 0;
  const cacheWrite = usage.cacheWriteInputTokens ?? 0;
  const promptTokens = (usage.inputTokens ?? 0) + cacheRead + cacheWrite;
  const completionTokens = usage.outputTokens ?? 0;
  if (promptTokens === 0 && completionTokens === 0) return undefined;
  return {
    promptTokens,
    completionTokens,
    cachedTokens: cacheRead,
    cacheCreationTokens: cacheWrite,
    reasoningTokens: 0,
  };
}

/**
 * Converse `stopReason` → OpenAI `finish_reason`: end_turn and stop_sequence → stop, max_tokens →
 * length, tool_use → tool_calls, guardrail and content filtering → content_filter.
 */
export function mapConverseStopReason(stopReason: string | undefined): string | null {
  switch (stopReason) {
    case undefined:
    case '':
      return null;
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool_calls';
    case 'guardrail_intervened':
    case 'content_filtered':
      return 'content_filter';
    default:
      return 'stop';
  }
}
