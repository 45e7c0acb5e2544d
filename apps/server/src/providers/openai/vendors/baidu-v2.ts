import { compatibleVendor } from '../compatible-vendor.js';
import { convertOpenAiUsage } from '../convert-openai-usage.js';
import { modes } from '../openai-compatible-profile.js';

/** Baidu Qianfan's OpenAI-compatible v2 API: chat and embeddings under /v2. */
export const baiduV2Vendor = compatibleVendor(
  'baiduV2',
  {
    name: 'baidu_v2',
    modes: modes('chat', 'embeddings'),
    url: ({ input, base }) =>
      input.mode === 'embeddings' ? `${base}/v2/embeddings` : `${base}/v2/chat/completions`,
    convertUsage: convertOpenAiUsage,
  },
  {
    defaultModels: [
      'ernie-speed-8k',
      'ernie-4.0-8k',
      'ernie-4.0-turbo-8k',
      'ernie-4.0-turbo-128k',
      'ernie-3.5-8k',
      'ernie-3.5-128k',
      'ernie-speed-128k',
      'ernie-speed-pro-128k',
      'ernie-lite-8k',
      'ernie-lite-pro-128k',
      'ernie-tiny-8k',
      'ernie-char-8k',
      'embedding-v1',
      'bge-large-zh',
      'bge-large-en',
      'tao-8k',
    ],
  },
);
