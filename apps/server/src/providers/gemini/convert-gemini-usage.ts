import type { Usage } from '../usage.js';
import type { GeminiWireUsage } from './gemini-wire-schemas.js';

/**
 * `usageMetadata` as Tollgate's usage. Thoughts are output Gemini reports apart from the
 * candidates, so completion = candidates + thoughts (reasoning = thoughts); tokens a built-in
 * tool (search grounding) read are input; cached content is part of the prompt count already.
 */
export function convertGeminiUsage(metadata: GeminiWireUsage): Usage {
  const thoughts = metadata.thoughtsTokenCount ?? 0;
  return {
    promptTokens: (metadata.promptTokenCount ?? 0) + (metadata.toolUsePromptTokenCount ?? 0),
    completionTokens: (metadata.candidatesTokenCount ?? 0) + thoughts,
    cachedTokens: metadata.cachedContentTokenCount ?? 0,
    cacheCreationTokens: 0,
    reasoningTokens: thoughts,
  };
}
