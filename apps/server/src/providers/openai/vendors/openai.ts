import { balanceBaseUrl } from '../../balance-query.js';
import { compatibleVendor } from '../compatible-vendor.js';
import { bearerCredentials, plainOpenAiProfile } from '../openai-compatible-profile.js';
import { openAiDashboardBalance } from '../openai-dashboard-balance.js';
import { OPENAI_MODELS } from '../openai-models.js';

/** OpenAI itself: serves the Responses API; the channel's organization goes with every call. */
export const openAiVendor = compatibleVendor(
  'openAi',
  {
    ...plainOpenAiProfile('openai'),
    servesResponses: true,
    servesVideos: true,
    credentialHeaders: (channel) => ({
      ...bearerCredentials(channel),
      ...(channel.organization ? { 'OpenAI-Organization': channel.organization } : {}),
    }),
  },
  {
    defaultModels: OPENAI_MODELS,
    // The channel's address or api.openai.com.
    balance: (channel, fetchJson, now) =>
      openAiDashboardBalance(balanceBaseUrl(channel), channel.key, fetchJson, now),
  },
);
