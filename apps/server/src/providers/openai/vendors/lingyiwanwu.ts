import { compatibleVendor } from '../compatible-vendor.js';
import { plainOpenAiProfile } from '../openai-compatible-profile.js';

export const lingYiWanWuVendor = compatibleVendor(
  'lingYiWanWu',
  plainOpenAiProfile('lingyiwanwu'),
  {
    defaultModels: [
      'yi-lightning',
      'yi-large',
      'yi-medium',
      'yi-large-turbo',
      'yi-large-rag',
      'yi-vision',
      'yi-spark',
    ],
  },
);
