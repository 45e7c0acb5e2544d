import { plainUsage, type Usage } from '../usage.js';
import type { CohereUsage } from './cohere-api-types.js';

/**
 * Cohere usage as Tollgate usage. The billed units are what Cohere charges (its own system
 * preamble is not billed), so they are used when present, else the raw token counts. Undefined
 * when it counts nothing.
 */
export function convertCohereUsage(usage: CohereUsage | undefined): Usage | undefined {
  const counts = usage?.billed_units ?? usage?.tokens;
  if (!counts) return undefined;
  const promptTokens = counts.input_tokens ?? 0;
  const completionTokens = counts.output_tokens ?? 0;
  if (promptTokens === 0 && completionTokens === 0) return undefined;
  return plainUsage(promptTokens, completionTokens);
}

/**
 * Cohere `finish_reason` → OpenAI's: COMPLETE and STOP_SEQUENCE → stop, MAX_TOKENS → length,
 * TOOL_CALL → tool_calls; ERROR and TIMEOUT end the answer too and map to stop.
 */
export function mapCohereFinishReason(reason: string | undefined): string | null {
  switch (reason) {
    case undefined:
    case '':
      return null;
    case 'MAX_TOKENS':
      return 'length';
    case 'TOOL_CALL':
      return 'tool_calls';
    default:
      return 'stop';
  }
}
