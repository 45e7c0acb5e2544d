import { describe, expect, it } from 'vitest';
import { createMemoryRateLimiter } from '../lib/rate-limiter.js';
import type { RelayCaller } from './auth/relay-caller-cache.js';
import { admitUnderModelRateLimit } from './model-rate-limit.js';

function optionsWith(values: Record<string, unknown>) {
  const all: Record<string, unknown> = {
    ModelRequestRateLimitEnabled: true,
    ModelRequestRateLimitDurationMinutes: 1,
    ModelRequestRateLimitCount: 0,
    ModelRequestRateLimitSuccessCount: 1000,
    ModelRequestRateLimitGroup: {},
    ...values,
  };
  return {
    getBoolean: (key: string) => all[key] as boolean,
    getNumber: (key: string) => all[key] as number,
    getJson: ((key: string) => all[key]) as never,
  };
}

function caller(userId: number, group = 'default', tokenGroup = ''): RelayCaller {
  return {
    user: { id: userId, group } as RelayCaller['user'],
    token: { group: tokenGroup } as RelayCaller['token'],
    modelLimits: new Set(),
    allowIps: new Set(),
  };
}

async function outcome(promise: Promise<unknown> | undefined) {
  try {
    await promise;
    return 'passed';
  } catch (error) {
    return `${(error as { status: number }).status} ${(error as Error).message}`;
  }
}

describe('model request limit', () => {
  it('costs nothing when off: no promise at all', () => {
    const options = optionsWith({ ModelRequestRateLimitEnabled: false });
    expect(admitUnderModelRateLimit(options, createMemoryRateLimiter(), caller(1))).toBeUndefined();
  });

  it('counts every call against the total, failures included', async () => {
    const limiter = createMemoryRateLimiter();
    const options = optionsWith({ ModelRequestRateLimitCount: 2 });
    for (let index = 0; index < 2; index += 1) {
      const finish = await admitUnderModelRateLimit(options, limiter, caller(1));
      finish!(false);
    }
    expect(await outcome(admitUnderModelRateLimit(options, limiter, caller(1)))).toBe(
      '429 您已达到总请求数限制：1分钟内最多请求2次，包括失败次数，请检查您的请求是否正确',
    );
    // Another user has a budget of their own.
    expect(await outcome(admitUnderModelRateLimit(options, limiter, caller(2)))).toBe('passed');
  });

  it('counts only successful calls against the success count', async () => {
    const limiter = createMemoryRateLimiter();
    const options = optionsWith({ ModelRequestRateLimitSuccessCount: 2 });
    const failed = await admitUnderModelRateLimit(options, limiter, caller(1));
    failed!(false);
    for (let index = 0; index < 2; index += 1) {
      const finish = await admitUnderModelRateLimit(options, limiter, caller(1));
      finish!(true);
    }
    expect(await outcome(admitUnderModelRateLimit(options, limiter, caller(1)))).toBe(
      '429 您已达到请求数限制：1分钟内最多请求2次',
    );
  });

  it('holds a success slot while a call runs, so a burst cannot overrun it', async () => {
    const limiter = createMemoryRateLimiter();
    const options = optionsWith({ ModelRequestRateLimitSuccessCount: 3 });
    const burst = await Promise.all(
      Array.from({ length: 10 }, () =>
        outcome(admitUnderModelRateLimit(options, limiter, caller(1))),
      ),
    );
    expect(burst.filter((result) => result === 'passed')).toHaveLength(3);
  });

  it("uses the group's own limits: the token's group, else the user's", async () => {
    const limiter = createMemoryRateLimiter();
    const options = optionsWith({
      ModelRequestRateLimitCount: 100,
      ModelRequestRateLimitGroup: { vip: [1, 1000] },
    });
    await admitUnderModelRateLimit(options, limiter, caller(1, 'vip'));
    expect(await outcome(admitUnderModelRateLimit(options, limiter, caller(1, 'vip')))).toMatch(
      /^429 您已达到总请求数限制：1分钟内最多请求1次/,
    );
    await admitUnderModelRateLimit(options, limiter, caller(2, 'default', 'vip'));
    expect(
      await outcome(admitUnderModelRateLimit(options, limiter, caller(2, 'default', 'vip'))),
    ).toMatch(/^429/);
    expect(
      await outcome(admitUnderModelRateLimit(options, limiter, caller(3, 'vip', 'default'))),
    ).toBe('passed');
  });

  it('answers 500 rate_limit_check_failed when the limiter fails', async () => {
    const broken = {
      ...createMemoryRateLimiter(),
      take: () => Promise.reject(new Error('redis down')),
    };
    const options = optionsWith({});
    await expect(admitUnderModelRateLimit(options, broken, caller(1))).rejects.toMatchObject({
      status: 500,
      code: 'rate_limit_check_failed',
    });
  });
});
