import {
  balanceBaseUrl,
  fetchWithBearer,
  numberField,
  objectOf,
  type BalanceQuery,
} from '../../balance-query.js';
import { compatibleVendor } from '../compatible-vendor.js';
import { OPENROUTER_APP_TITLE } from '../openai-channel-types.js';
import { plainOpenAiProfile } from '../openai-compatible-profile.js';

/** Credits bought minus credits used (USD), from the channel's address or the default. */
const openRouterBalance: BalanceQuery = async (channel, fetchJson) => {
  const answer = await fetchWithBearer(fetchJson, `${balanceBaseUrl(channel)}/v1/credits`, channel);
  const data = objectOf(answer.data);
  return numberField(data, 'total_credits') - numberField(data, 'total_usage');
};

/** OpenRouter: plain OpenAI, with Tollgate's app name (and the site, when set) for attribution. */
export const openRouterVendor = compatibleVendor(
  'openRouter',
  {
    ...plainOpenAiProfile('openrouter'),
    vendorHeaders: (settings) => ({
      'X-Title': OPENROUTER_APP_TITLE,
      ...(settings.openRouterReferer ? { 'HTTP-Referer': settings.openRouterReferer } : {}),
    }),
  },
  {
    defaultModels: [
      'openai/gpt-4o-mini',
      'openai/gpt-4o',
      'anthropic/claude-sonnet-4',
      'google/gemini-2.5-flash',
      'deepseek/deepseek-chat',
      'meta-llama/llama-3.3-70b-instruct',
    ],
    balance: openRouterBalance,
  },
);
