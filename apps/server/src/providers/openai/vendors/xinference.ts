import { compatibleVendor } from '../compatible-vendor.js';
import { convertOpenAiUsage } from '../convert-openai-usage.js';
import { convertXinferenceRerank } from '../xinference-rerank.js';

/** Xinference: OpenAI's API with its own rerank answer, rewritten to the common shape. */
export const xinferenceVendor = compatibleVendor(
  'xinference',
  {
    name: 'xinference',
    convertUsage: convertOpenAiUsage,
    convertBody: (body, input) =>
      input.mode === 'rerank' ? convertXinferenceRerank(body, input.body) : undefined,
  },
  { defaultModels: ['qwen2.5-instruct', 'llama-3.1-instruct', 'bge-m3', 'bge-reranker-v2-m3'] },
);
