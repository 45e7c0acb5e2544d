import { compatibleVendor } from '../compatible-vendor.js';
import { convertOpenAiUsage } from '../convert-openai-usage.js';
import { normaliseJinaRerank } from '../jina-rerank.js';
import { modes } from '../openai-compatible-profile.js';

/** Jina: rerank and embeddings; its rerank answer is normalised to the common shape. */
export const jinaVendor = compatibleVendor(
  'jina',
  {
    name: 'jina',
    modes: modes('rerank', 'embeddings'),
    convertUsage: convertOpenAiUsage,
    convertBody: (body, input) => (input.mode === 'rerank' ? normaliseJinaRerank(body) : undefined),
  },
  {
    defaultModels: [
      'jina-embeddings-v3',
      'jina-clip-v2',
      'jina-reranker-v2-base-multilingual',
      'jina-reranker-m0',
      'jina-colbert-v2',
    ],
  },
);
