import { compatibleVendor } from '../compatible-vendor.js';
import { convertOpenAiUsage } from '../convert-openai-usage.js';
import { modes } from '../openai-compatible-profile.js';

/** MiniMax: chat on its own chat-completion v2 path. */
export const miniMaxVendor = compatibleVendor(
  'miniMax',
  {
    name: 'minimax',
    modes: modes('chat'),
    url: ({ base }) => `${base}/v1/text/chatcompletion_v2`,
    convertUsage: convertOpenAiUsage,
  },
  { defaultModels: ['MiniMax-Text-01', 'abab6.5s-chat', 'abab6.5-chat', 'abab5.5-chat'] },
);
