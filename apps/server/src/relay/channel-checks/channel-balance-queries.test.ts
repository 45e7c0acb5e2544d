import { describe, expect, it } from 'vitest';
import {
  BALANCE_NOT_IMPLEMENTED,
  localDate,
  queryBalance,
  supportsBalanceQuery,
  type FetchJson,
} from './channel-balance-queries.js';

/** Answers by URL prefix and records every call. */
function fakeFetch(answers: Record<string, unknown>) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const fetchJson: FetchJson = async (url, headers) => {
    calls.push({ url, headers });
    const match = Object.keys(answers).find((prefix) => url.startsWith(prefix));
    if (!match) throw new Error('status code: 404');
    return answers[match];
  };
  return { fetchJson, calls };
}

const now = new Date(2025, 2, 15, 12, 0, 0);

describe('queryBalance', () => {
  it('OpenAI: hard limit minus usage since the first of the month', async () => {
    const { fetchJson, calls } = fakeFetch({
      'https://api.openai.com/v1/dashboard/billing/subscription': {
        hard_limit_usd: 100,
        has_payment_method: true,
      },
      'https://api.openai.com/v1/dashboard/billing/usage': { total_usage: 2500 },
    });
    const balance = await queryBalance({ type: 1, key: 'sk-a', baseUrl: '' }, fetchJson, now);
    expect(balance).toBe(75);
    expect(calls[0].headers).toEqual({ Authorization: 'Bearer sk-a' });
    expect(calls[1].url).toBe(
      'https://api.openai.com/v1/dashboard/billing/usage?start_date=2025-03-01&end_date=2025-03-15',
    );
  });

  it('OpenAI without a payment method: the last 100 days; Custom uses its own address', async () => {
    const { fetchJson, calls } = fakeFetch({
      'http://proxy.test/v1/dashboard/billing/subscription': { hard_limit_usd: 5 },
      'http://proxy.test/v1/dashboard/billing/usage': { total_usage: 250 },
    });
    const channel = { type: 8, key: 'k', baseUrl: 'http://proxy.test/' };
    expect(await queryBalance(channel, fetchJson, now)).toBe(2.5);
    expect(calls[1].url).toContain('start_date=2024-12-05&end_date=2025-03-15');
    await expect(queryBalance({ ...channel, baseUrl: '' }, fetchJson, now)).rejects.toThrow(
      '未设置 API 地址',
    );
  });

  it('AIProxy, API2GPT and AIGC2D', async () => {
    const { fetchJson, calls } = fakeFetch({
      'https://aiproxy.io/': { success: true, data: { totalPoints: 12.5 } },
      'https://api.api2gpt.com/': { total_remaining: 3 },
      'https://api.aigc2d.com/': { total_available: 4 },
    });
    expect(await queryBalance({ type: 10, key: 'k', baseUrl: '' }, fetchJson)).toBe(12.5);
    expect(calls[0].headers).toEqual({ 'Api-Key': 'k' });
    expect(await queryBalance({ type: 12, key: 'k', baseUrl: '' }, fetchJson)).toBe(3);
    expect(await queryBalance({ type: 13, key: 'k', baseUrl: '' }, fetchJson)).toBe(4);

    const failing = fakeFetch({
      'https://aiproxy.io/': { success: false, error_code: 7, message: 'bad key' },
    });
    await expect(
      queryBalance({ type: 10, key: 'k', baseUrl: '' }, failing.fetchJson),
    ).rejects.toThrow('code: 7, message: bad key');
  });

  it('SiliconFlow: code 20000 and a decimal string', async () => {
    const ok = fakeFetch({
      'https://api.siliconflow.cn/v1/user/info': { code: 20000, data: { totalBalance: '8.25' } },
    });
    expect(await queryBalance({ type: 40, key: 'k', baseUrl: '' }, ok.fetchJson)).toBe(8.25);
    const refused = fakeFetch({
      'https://api.siliconflow.cn/': { code: 40001, message: 'invalid' },
    });
    await expect(
      queryBalance({ type: 40, key: 'k', baseUrl: '' }, refused.fetchJson),
    ).rejects.toThrow('code: 40001, message: invalid');
  });

  it('DeepSeek: the CNY balance', async () => {
    const ok = fakeFetch({
      'https://api.deepseek.com/user/balance': {
        balance_infos: [
          { currency: 'USD', total_balance: '1.00' },
          { currency: 'CNY', total_balance: '110.50' },
        ],
      },
    });
    expect(await queryBalance({ type: 43, key: 'k', baseUrl: '' }, ok.fetchJson)).toBe(110.5);
    const noCny = fakeFetch({ 'https://api.deepseek.com/': { balance_infos: [] } });
    await expect(
      queryBalance({ type: 43, key: 'k', baseUrl: '' }, noCny.fetchJson),
    ).rejects.toThrow('currency CNY not found');
  });

  it('OpenRouter: total credits minus total usage, default or own address', async () => {
    const { fetchJson, calls } = fakeFetch({
      'https://openrouter.ai/api/v1/credits': { data: { total_credits: 50, total_usage: 42.25 } },
      'http://relay.test/v1/credits': { data: { total_credits: 10, total_usage: 0 } },
    });
    expect(await queryBalance({ type: 20, key: 'or-k', baseUrl: '' }, fetchJson)).toBe(7.75);
    expect(calls[0]).toEqual({
      url: 'https://openrouter.ai/api/v1/credits',
      headers: { Authorization: 'Bearer or-k' },
    });
    expect(
      await queryBalance({ type: 20, key: 'k', baseUrl: 'http://relay.test/' }, fetchJson),
    ).toBe(10);
    const broken = fakeFetch({ 'https://openrouter.ai/': { error: { message: 'No auth' } } });
    await expect(
      queryBalance({ type: 20, key: 'k', baseUrl: '' }, broken.fetchJson),
    ).rejects.toThrow('unexpected balance response');
  });

  it('Moonshot: the available balance', async () => {
    const { fetchJson, calls } = fakeFetch({
      'https://api.moonshot.cn/v1/users/me/balance': {
        code: 0,
        data: { available_balance: 49.58894, voucher_balance: 46.58893, cash_balance: 3.00001 },
        scode: '0x0',
        status: true,
      },
    });
    expect(await queryBalance({ type: 25, key: 'ms-k', baseUrl: '' }, fetchJson)).toBe(49.58894);
    expect(calls[0].headers).toEqual({ Authorization: 'Bearer ms-k' });
    const refused = fakeFetch({
      'https://api.moonshot.ai/': { code: 401, error: 'Invalid Authentication', status: false },
    });
    await expect(
      queryBalance({ type: 25, key: 'k', baseUrl: 'https://api.moonshot.ai' }, refused.fetchJson),
    ).rejects.toThrow('code: 401, message: Invalid Authentication');
  });

  it('refuses other types with 尚未实现', async () => {
    const { fetchJson, calls } = fakeFetch({});
    for (const type of [3, 14, 24, 39]) {
      expect(supportsBalanceQuery(type)).toBe(false);
      await expect(queryBalance({ type, key: 'k', baseUrl: '' }, fetchJson)).rejects.toThrow(
        BALANCE_NOT_IMPLEMENTED,
      );
    }
    expect(calls).toHaveLength(0);
  });
});

describe('localDate', () => {
  it('formats the local calendar date', () => {
    expect(localDate(new Date(2025, 0, 5, 23, 59))).toBe('2025-01-05');
  });
});
