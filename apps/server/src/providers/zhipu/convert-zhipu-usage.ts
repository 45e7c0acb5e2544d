import { plainUsage, type Usage } from '../usage.js';
import type { ZhipuUsage } from './zhipu-api-types.js';

/** Zhipu's usage report in internal form; undefined when it reported none. */
export function convertZhipuUsage(usage: ZhipuUsage | undefined): Usage | undefined {
  if (!usage) return undefined;
  const promptTokens = usage.prompt_tokens ?? 0;
  const completionTokens =
    usage.completion_tokens ?? Math.max(0, (usage.total_tokens ?? 0) - promptTokens);
  return plainUsage(promptTokens, completionTokens);
}
