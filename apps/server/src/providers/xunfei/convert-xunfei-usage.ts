import { plainUsage, type Usage } from '../usage.js';
import type { SparkUsage } from './xunfei-api-types.js';

/**
 * Spark's `payload.usage.text` as internal usage: `prompt_tokens` is the whole input (the question
 * and the history; `question_tokens` counts the question alone). Undefined when absent.
 */
export function convertSparkUsage(usage: SparkUsage | undefined): Usage | undefined {
  if (!usage) return undefined;
  return plainUsage(usage.prompt_tokens ?? 0, usage.completion_tokens ?? 0);
}
