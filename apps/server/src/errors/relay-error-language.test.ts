import { describe, expect, it } from 'vitest';
import { englishRelayMessage, prefersChinese } from './relay-error-language.js';

describe('relay error language', () => {
  it('reads the most wanted language of Accept-Language', () => {
    expect(prefersChinese(undefined)).toBe(false);
    expect(prefersChinese('*')).toBe(false);
    expect(prefersChinese('zh-CN,zh;q=0.9,en;q=0.8')).toBe(true);
    expect(prefersChinese('zh')).toBe(true);
    expect(prefersChinese('en-US,en;q=0.9,zh-CN;q=0.8')).toBe(false);
    expect(prefersChinese('en;q=0.5, zh-TW;q=0.7')).toBe(true);
    expect(prefersChinese('zhx')).toBe(false);
  });

  it.each([
    ['未提供令牌', 'No API key was provided'],
    [
      '该令牌额度已用尽 TokenStatusExhausted[sk-ab**cd]',
      'The quota of this API key is used up TokenStatusExhausted[sk-ab**cd]',
    ],
    ['该令牌无权访问模型 gpt-4o', 'This API key may not use the model gpt-4o'],
    [
      '模型 gpt-4o 的所有渠道均已熔断，请稍后再试',
      'Every channel of the model gpt-4o is failing and paused (circuit open), please try again later',
    ],
    [
      '当前分组 vip 下对于模型 gpt-4o 无可用渠道',
      'No channel is available for the model gpt-4o in the group vip',
    ],
    [
      '您已达到总请求数限制：2分钟内最多请求10次，包括失败次数，请检查您的请求是否正确',
      'You have reached the request limit: at most 10 requests in 2 minutes, failed ones included; please check that your requests are correct',
    ],
    [
      '模型 m 倍率或价格未配置, 请联系管理员设置；Model m ratio or price not set, please contact administrator to set',
      'Model m ratio or price not set, please contact administrator to set',
    ],
    ['Incorrect API key provided', 'Incorrect API key provided'],
  ])('%s → English', (chinese, english) => {
    expect(englishRelayMessage(chinese)).toBe(english);
  });
});
