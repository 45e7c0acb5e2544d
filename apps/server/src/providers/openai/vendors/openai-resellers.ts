import type { ChannelTypeKey } from '@tollgate/contracts';
import {
  BalanceQueryError,
  fetchWithBearer,
  numberField,
  objectOf,
  type BalanceQuery,
} from '../../balance-query.js';
import type { Vendor } from '../../vendor.js';
import { compatibleVendor } from '../compatible-vendor.js';
import { plainOpenAiProfile } from '../openai-compatible-profile.js';
import { OPENAI_MODELS } from '../openai-models.js';

/** A reseller of OpenAI's API: plain OpenAI with OpenAI's models, and its own balance API. */
function reseller(type: ChannelTypeKey, balance?: BalanceQuery): Vendor {
  return compatibleVendor(type, plainOpenAiProfile(type.toLowerCase()), {
    defaultModels: OPENAI_MODELS,
    balance,
  });
}

/** `total_<field>` of a reseller's credit-grants endpoint. */
const creditGrants =
  (url: string, field: string): BalanceQuery =>
  async (channel, fetchJson) =>
    numberField(await fetchWithBearer(fetchJson, url, channel), field);

export const openAiMaxVendor = reseller('openAiMax');
export const ohMyGptVendor = reseller('ohMyGpt');
export const ailsVendor = reseller('ails');
export const fastGptVendor = reseller('fastGpt');
// AIProxy: points of the account.
export const aiProxyVendor = reseller('aiProxy', async (channel, fetchJson) => {
  const answer = objectOf(
    await fetchJson('https://aiproxy.io/api/report/getUserOverview', { 'Api-Key': channel.key }),
  );
  if (answer.success !== true) {
    throw BalanceQueryError.refused(answer.error_code, answer.message);
  }
  return numberField(objectOf(answer.data), 'totalPoints');
});
export const api2GptVendor = reseller(
  'api2Gpt',
  creditGrants('https://api.api2gpt.com/dashboard/billing/credit_grants', 'total_remaining'),
);
export const aigc2dVendor = reseller(
  'aigc2d',
  creditGrants('https://api.aigc2d.com/dashboard/billing/credit_grants', 'total_available'),
);
