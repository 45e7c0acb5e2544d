import type { Vendor } from '../vendor.js';
import { DEFAULT_OPENAI_ADAPTOR_SETTINGS } from '../openai/openai-adaptor-settings.js';
import { convertOpenAiUsage } from '../openai/convert-openai-usage.js';
import { modes, type OpenAiCompatibleProfile } from '../openai/openai-compatible-profile.js';
import { clampPerplexityTopP } from '../openai/openai-request-body.js';
import { ZhipuV4Adaptor } from './zhipu-v4-adaptor.js';
import { ZhipuTokenCache } from './zhipu-token.js';
import { ZHIPU_TOKENS } from './zhipu-vendor.js';

/** Zhipu v4's OpenAI-compatible API under /api/paas/v4. */
const ZHIPU_V4_PROFILE: OpenAiCompatibleProfile = {
  name: 'zhipu_4v',
  modes: modes('chat', 'embeddings'),
  url: ({ input, base }) =>
    input.mode === 'embeddings'
      ? `${base}/api/paas/v4/embeddings`
      : `${base}/api/paas/v4/chat/completions`,
  // Zhipu v4 takes top_p in the open interval (0, 1), like v3.
  adjustBody: clampPerplexityTopP,
  convertUsage: convertOpenAiUsage,
};

export const zhipuV4Vendor: Vendor = {
  type: 'zhipuV4',
  openAiProfile: ZHIPU_V4_PROFILE,
  createAdaptor: (context) =>
    new ZhipuV4Adaptor(
      ZHIPU_V4_PROFILE,
      context.settings.openAi ?? DEFAULT_OPENAI_ADAPTOR_SETTINGS,
      context.shared(ZHIPU_TOKENS, () => new ZhipuTokenCache()),
    ),
  defaultModels: [
    'glm-4-flash',
    'glm-4-plus',
    'glm-4-air',
    'glm-4-airx',
    'glm-4-long',
    'glm-4',
    'glm-4v-plus',
    'glm-4v',
    'glm-3-turbo',
    'embedding-2',
    'embedding-3',
  ],
};
