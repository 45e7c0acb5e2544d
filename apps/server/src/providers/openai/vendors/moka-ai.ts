import { compatibleVendor } from '../compatible-vendor.js';
import { convertOpenAiUsage } from '../convert-openai-usage.js';
import { modes } from '../openai-compatible-profile.js';
import { toMokaEmbeddingBody } from '../moka-embedding-request.js';

/** MokaAI: m3e embeddings only, served without a /v1 prefix. */
export const mokaAiVendor = compatibleVendor(
  'mokaAi',
  {
    name: 'mokaai',
    modes: modes('embeddings'),
    url: ({ base }) => `${base}/embeddings`,
    adjustBody: toMokaEmbeddingBody,
    convertUsage: convertOpenAiUsage,
  },
  { defaultModels: ['m3e-large', 'm3e-base', 'm3e-small'], channelTest: { embeddingsOnly: true } },
);
