import {
  balanceBaseUrl,
  BalanceQueryError,
  fetchWithBearer,
  numberField,
  objectOf,
  type BalanceQuery,
} from '../../balance-query.js';
import { compatibleVendor } from '../compatible-vendor.js';
import { plainOpenAiProfile } from '../openai-compatible-profile.js';

/** Moonshot: the available balance (CNY, cash plus vouchers); `status: false` is a refusal. */
const moonshotBalance: BalanceQuery = async (channel, fetchJson) => {
  const answer = await fetchWithBearer(
    fetchJson,
    `${balanceBaseUrl(channel)}/v1/users/me/balance`,
    channel,
  );
  if (answer.status === false) {
    throw BalanceQueryError.refused(answer.code, answer.error ?? answer.message);
  }
  return numberField(objectOf(answer.data), 'available_balance');
};

export const moonshotVendor = compatibleVendor('moonshot', plainOpenAiProfile('moonshot'), {
  defaultModels: ['moonshot-v1-8k', 'moonshot-v1-32k', 'moonshot-v1-128k'],
  balance: moonshotBalance,
});
