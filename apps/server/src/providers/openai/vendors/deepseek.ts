import {
  BalanceQueryError,
  decimalField,
  fetchWithBearer,
  type BalanceQuery,
} from '../../balance-query.js';
import { isJsonObject } from '../../json-guards.js';
import { compatibleVendor } from '../compatible-vendor.js';
import { convertDeepSeekUsage } from '../convert-openai-usage.js';
import { modes } from '../openai-compatible-profile.js';
import { openAiPathUrl } from '../openai-url.js';

/** DeepSeek: the CNY entry of `balance_infos`. */
const deepSeekBalance: BalanceQuery = async (channel, fetchJson) => {
  const answer = await fetchWithBearer(fetchJson, 'https://api.deepseek.com/user/balance', channel);
  const infos = Array.isArray(answer.balance_infos) ? answer.balance_infos : [];
  const cny = infos.find((info) => isJsonObject(info) && info.currency === 'CNY');
  if (!isJsonObject(cny)) throw new BalanceQueryError('currency CNY not found');
  return decimalField(cny, 'total_balance');
};

/** DeepSeek: chat, and completions (fill-in-the-middle) on its beta path; cache-hit usage. */
export const deepSeekVendor = compatibleVendor(
  'deepSeek',
  {
    name: 'deepseek',
    modes: modes('chat', 'completions'),
    url: ({ input, base }) =>
      input.mode === 'completions' ? `${base}/beta/completions` : openAiPathUrl(input, base),
    convertUsage: convertDeepSeekUsage,
  },
  { defaultModels: ['deepseek-chat', 'deepseek-reasoner'], balance: deepSeekBalance },
);
