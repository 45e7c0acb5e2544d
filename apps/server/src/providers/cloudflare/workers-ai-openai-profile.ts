import { convertOpenAiUsage } from '../openai/convert-openai-usage.js';
import { modes, type OpenAiCompatibleProfile } from '../openai/openai-compatible-profile.js';
import { cloudflareAccountUrl } from '../openai/openai-url.js';

/**
 * Workers AI's OpenAI-compatible endpoints (chat and embeddings), under the account; the native
 * modes are in `cloudflare-adaptor.ts`.
 */
export const WORKERS_AI_OPENAI_PROFILE: OpenAiCompatibleProfile = {
  name: 'cloudflare',
  modes: modes('chat', 'embeddings'),
  url: ({ input, base }) =>
    `${cloudflareAccountUrl(input.channel, base)}/v1/${input.mode === 'embeddings' ? 'embeddings' : 'chat/completions'}`,
  convertUsage: convertOpenAiUsage,
};
