import { compatibleVendor } from '../compatible-vendor.js';
import { convertXaiUsage } from '../convert-openai-usage.js';
import { modes } from '../openai-compatible-profile.js';
import { applyGrokMiniRules } from '../openai-request-body.js';

/** xAI: chat (Grok mini's reasoning rules), completions and images; its own usage object. */
export const xAiVendor = compatibleVendor(
  'xAi',
  {
    name: 'xai',
    modes: modes('chat', 'completions', 'images'),
    adjustBody: (body, input) => {
      if (input.mode === 'chat') applyGrokMiniRules(body);
      // xAI's image endpoint rejects `size`.
      if (input.mode === 'images') delete body.size;
    },
    convertUsage: convertXaiUsage,
  },
  { defaultModels: ['grok-3-mini', 'grok-4', 'grok-3'] },
);
