import { compatibleVendor } from '../compatible-vendor.js';
import { convertOpenAiUsage } from '../convert-openai-usage.js';
import { modes } from '../openai-compatible-profile.js';

/** VolcEngine Ark: chat and embeddings under /api/v3; Ark "bot" applications have their own chat endpoint. */
export const volcEngineVendor = compatibleVendor(
  'volcEngine',
  {
    name: 'volcengine',
    modes: modes('chat', 'embeddings'),
    url: ({ input, base, model }) => {
      if (input.mode === 'embeddings') return `${base}/api/v3/embeddings`;
      return model.startsWith('bot')
        ? `${base}/api/v3/bots/chat/completions`
        : `${base}/api/v3/chat/completions`;
    },
    convertUsage: convertOpenAiUsage,
  },
  {
    defaultModels: [
      'doubao-1-5-pro-32k-250115',
      'doubao-1-5-lite-32k-250115',
      'deepseek-v3-241226',
      'deepseek-r1-250120',
      'doubao-embedding-text-240715',
    ],
  },
);
