import { plainUsage, type Usage } from '../usage.js';
import type { DifyUsage } from './dify-api-types.js';

/** Dify's `metadata.usage` as internal usage; undefined when Dify reported none. */
export function convertDifyUsage(usage: DifyUsage | undefined): Usage | undefined {
  if (!usage || (usage.prompt_tokens === undefined && usage.completion_tokens === undefined)) {
    return undefined;
  }
  return plainUsage(usage.prompt_tokens ?? 0, usage.completion_tokens ?? 0);
}
