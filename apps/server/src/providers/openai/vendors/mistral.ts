import { compatibleVendor } from '../compatible-vendor.js';
import { convertOpenAiUsage } from '../convert-openai-usage.js';
import { modes } from '../openai-compatible-profile.js';
import { trimMistralChatBody } from '../openai-request-body.js';

/** Mistral: chat (fields it refuses trimmed) and embeddings. */
export const mistralVendor = compatibleVendor(
  'mistral',
  {
    name: 'mistral',
    modes: modes('chat', 'embeddings'),
    adjustBody: (body, input) => {
      if (input.mode === 'chat') trimMistralChatBody(body);
    },
    convertUsage: convertOpenAiUsage,
  },
  {
    defaultModels: [
      'mistral-small-latest',
      'mistral-large-latest',
      'codestral-latest',
      'mistral-embed',
    ],
  },
);
