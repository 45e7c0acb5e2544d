import { compatibleVendor } from '../compatible-vendor.js';
import { convertOpenAiUsage } from '../convert-openai-usage.js';
import { modes } from '../openai-compatible-profile.js';
import { clampPerplexityTopP } from '../openai-request-body.js';

/** Perplexity: chat without a /v1 prefix, top_p inside (0, 1). */
export const perplexityVendor = compatibleVendor(
  'perplexity',
  {
    name: 'perplexity',
    modes: modes('chat'),
    url: ({ base }) => `${base}/chat/completions`,
    adjustBody: clampPerplexityTopP,
    convertUsage: convertOpenAiUsage,
  },
  {
    defaultModels: [
      'sonar',
      'sonar-pro',
      'sonar-reasoning',
      'sonar-reasoning-pro',
      'sonar-deep-research',
    ],
  },
);
