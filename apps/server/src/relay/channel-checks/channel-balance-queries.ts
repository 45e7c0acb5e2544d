/**
 * How each provider reports a key's remaining balance (reference §5.5). Every query is a plain
 * HTTPS GET with the channel key; the HTTP part is injected so the parsing can be tested alone.
 */
import { CHANNEL_TYPE } from '@tollgate/contracts';
import { isJsonObject, type JsonObject } from '../../providers/json-guards.js';
import { defaultBaseUrl, stripTrailingSlashes } from '../../channels/channel-types.js';

/** The channel fields a balance query reads. */
export interface BalanceChannel {
  type: number;
  key: string;
  /** `channels.base_url` as stored ('' → the type's default). */
  baseUrl: string;
}

/** One GET returning parsed JSON; throws `Error('status code: <n>')` for a non-200 answer. */
export type FetchJson = (url: string, headers: Record<string, string>) => Promise<unknown>;

/** Raised for a balance the provider did not report (the message is shown to the operator). */
export class BalanceQueryError extends Error {}

/** The reference's message for types without a balance API (Azure and most others). */
export const BALANCE_NOT_IMPLEMENTED = '尚未实现';

type BalanceQuery = (channel: BalanceChannel, fetchJson: FetchJson, now: Date) => Promise<number>;

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });

/** A JSON object answer, or a clear error for anything else. */
function objectOf(value: unknown): JsonObject {
  if (!isJsonObject(value)) throw new BalanceQueryError('unexpected balance response');
  return value;
}

/** Go's zero value for a missing or mistyped number field. */
function numberField(record: JsonObject, key: string): number {
  const value = record[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

/** A decimal sent as a string (SiliconFlow, DeepSeek). */
function decimalField(record: JsonObject, key: string): number {
  const value = record[key];
  const number = typeof value === 'string' ? Number(value.trim()) : Number.NaN;
  if (value === '' || !Number.isFinite(number)) {
    throw new BalanceQueryError(`invalid balance value: ${JSON.stringify(value ?? null)}`);
  }
  return number;
}

/** `YYYY-MM-DD` in local time, as Go's `time.Now().Format("2006-01-02")`. */
export function localDate(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/**
 * OpenAI's dashboard API: the subscription's `hard_limit_usd` minus `total_usage` (cents) since the
 * first of the month, or over the last 100 days for accounts without a payment method.
 */
async function openAiDashboardBalance(base: string, key: string, fetchJson: FetchJson, now: Date) {
  if (base === '') throw new BalanceQueryError('未设置 API 地址');
  const subscription = objectOf(
    await fetchJson(`${base}/v1/dashboard/billing/subscription`, bearer(key)),
  );
  const endDate = localDate(now);
  let startDate = `${endDate.slice(0, 7)}-01`;
  if (subscription.has_payment_method !== true) {
    const hundredDaysAgo = new Date(now);
    hundredDaysAgo.setDate(hundredDaysAgo.getDate() - 100);
    startDate = localDate(hundredDaysAgo);
  }
  const usage = objectOf(
    await fetchJson(
      `${base}/v1/dashboard/billing/usage?start_date=${startDate}&end_date=${endDate}`,
      bearer(key),
    ),
  );
  return numberField(subscription, 'hard_limit_usd') - numberField(usage, 'total_usage') / 100;
}

/** The channel's address (trailing slashes dropped), else the type's default. */
function baseOf(channel: BalanceChannel): string {
  return stripTrailingSlashes(channel.baseUrl.trim() || defaultBaseUrl(channel.type));
}

const queries: Readonly<Record<number, BalanceQuery>> = {
  // OpenAI: the channel's address or api.openai.com.
  [CHANNEL_TYPE.openAi]: (channel, fetchJson, now) =>
    openAiDashboardBalance(
      stripTrailingSlashes(channel.baseUrl.trim() || defaultBaseUrl(CHANNEL_TYPE.openAi)),
      channel.key,
      fetchJson,
      now,
    ),
  // Custom: the channel's own address only.
  [CHANNEL_TYPE.custom]: (channel, fetchJson, now) =>
    openAiDashboardBalance(
      stripTrailingSlashes(channel.baseUrl.trim()),
      channel.key,
      fetchJson,
      now,
    ),
  // AIProxy: points of the account.
  [CHANNEL_TYPE.aiProxy]: async (channel, fetchJson) => {
    const answer = objectOf(
      await fetchJson('https://aiproxy.io/api/report/getUserOverview', { 'Api-Key': channel.key }),
    );
    if (answer.success !== true) {
      throw new BalanceQueryError(
        `code: ${numberField(answer, 'error_code')}, message: ${String(answer.message ?? '')}`,
      );
    }
    return numberField(objectOf(answer.data), 'totalPoints');
  },
  [CHANNEL_TYPE.api2Gpt]: async (channel, fetchJson) =>
    numberField(
      objectOf(
        await fetchJson(
          'https://api.api2gpt.com/dashboard/billing/credit_grants',
          bearer(channel.key),
        ),
      ),
      'total_remaining',
    ),
  [CHANNEL_TYPE.aigc2d]: async (channel, fetchJson) =>
    numberField(
      objectOf(
        await fetchJson(
          'https://api.aigc2d.com/dashboard/billing/credit_grants',
          bearer(channel.key),
        ),
      ),
      'total_available',
    ),
  // SiliconFlow: `code` 20000 means success; the balance is a decimal string.
  [CHANNEL_TYPE.siliconFlow]: async (channel, fetchJson) => {
    const answer = objectOf(
      await fetchJson('https://api.siliconflow.cn/v1/user/info', bearer(channel.key)),
    );
    if (answer.code !== 20000) {
      throw new BalanceQueryError(
        `code: ${numberField(answer, 'code')}, message: ${String(answer.message ?? '')}`,
      );
    }
    return decimalField(objectOf(answer.data), 'totalBalance');
  },
  // DeepSeek: the CNY entry of `balance_infos`.
  [CHANNEL_TYPE.deepSeek]: async (channel, fetchJson) => {
    const answer = objectOf(
      await fetchJson('https://api.deepseek.com/user/balance', bearer(channel.key)),
    );
    const infos = Array.isArray(answer.balance_infos) ? answer.balance_infos : [];
    const cny = infos.find((info) => isJsonObject(info) && info.currency === 'CNY');
    if (!isJsonObject(cny)) throw new BalanceQueryError('currency CNY not found');
    return decimalField(cny, 'total_balance');
  },
  // OpenRouter: credits bought minus credits used (USD), from the channel's address or the default
  // https://openrouter.ai/api.
  [CHANNEL_TYPE.openRouter]: async (channel, fetchJson) => {
    const answer = objectOf(await fetchJson(`${baseOf(channel)}/v1/credits`, bearer(channel.key)));
    const data = objectOf(answer.data);
    return numberField(data, 'total_credits') - numberField(data, 'total_usage');
  },
  // Moonshot: the available balance (CNY, cash plus vouchers); `status: false` is a refusal.
  [CHANNEL_TYPE.moonshot]: async (channel, fetchJson) => {
    const answer = objectOf(
      await fetchJson(`${baseOf(channel)}/v1/users/me/balance`, bearer(channel.key)),
    );
    if (answer.status === false) {
      throw new BalanceQueryError(
        `code: ${numberField(answer, 'code')}, message: ${String(answer.error ?? answer.message ?? '')}`,
      );
    }
    return numberField(objectOf(answer.data), 'available_balance');
  },
};

/** Whether Tollgate can read the balance of this channel type. */
export function supportsBalanceQuery(channelType: number): boolean {
  return Object.hasOwn(queries, channelType);
}

/** Asks the provider for the channel's balance (USD, or points/CNY as the provider counts). */
export async function queryBalance(
  channel: BalanceChannel,
  fetchJson: FetchJson,
  now = new Date(),
): Promise<number> {
  if (!supportsBalanceQuery(channel.type)) throw new BalanceQueryError(BALANCE_NOT_IMPLEMENTED);
  return queries[channel.type](channel, fetchJson, now);
}
