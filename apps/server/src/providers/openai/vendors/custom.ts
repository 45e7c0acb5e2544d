import { compatibleVendor } from '../compatible-vendor.js';
import { plainOpenAiProfile } from '../openai-compatible-profile.js';
import { openAiDashboardBalance } from '../openai-dashboard-balance.js';
import { OPENAI_MODELS } from '../openai-models.js';

/**
 * Custom: the base URL is the full endpoint; `{model}` in it lets one channel serve several
 * models. Its balance is OpenAI's dashboard at the channel's own address only.
 */
export const customVendor = compatibleVendor(
  'custom',
  {
    ...plainOpenAiProfile('custom'),
    url: ({ base, model }) => base.split('{model}').join(model),
  },
  {
    defaultModels: OPENAI_MODELS,
    balance: (channel, fetchJson, now) =>
      openAiDashboardBalance(
        channel.baseUrl.trim().replace(/\/+$/, ''),
        channel.key,
        fetchJson,
        now,
      ),
  },
);
