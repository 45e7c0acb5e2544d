import { describe, expect, it } from 'vitest';
import { CHANNEL_STATUS } from '@tollgate/contracts';
import type { ChannelCache } from '../channel-cache.js';
import { checkChannelAccess, checkModelAllowed } from './model-access.js';
import type { RelayCaller } from './relay-caller-cache.js';

const caller = (limited: boolean, models: string[] = []) =>
  ({
    token: { model_limits_enabled: limited },
    modelLimits: new Set(models),
  }) as unknown as RelayCaller;
const channels = {
  getById: (id: number) =>
    id === 1
      ? { id: 1, status: CHANNEL_STATUS.enabled }
      : id === 2
        ? { id: 2, status: CHANNEL_STATUS.manuallyDisabled }
        : undefined,
} as unknown as ChannelCache;

function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return error as { status: number; code: string; message: string };
  }
  throw new Error('no refusal');
}

describe('model access', () => {
  it('lets any model through a token without limits, only listed ones through a limited token', () => {
    expect(() => checkModelAllowed(caller(false, ['a']), 'b')).not.toThrow();
    expect(() => checkModelAllowed(caller(true, ['a']), 'a')).not.toThrow();
    expect(refusal(() => checkModelAllowed(caller(true, ['a']), 'b'))).toMatchObject({
      status: 403,
      code: 'model_not_allowed',
      message: '该令牌无权访问模型 b',
    });
  });

  it('checks the model list without a pin, and only the pinned channel with one', () => {
    expect(checkChannelAccess(channels, { caller: caller(true, ['a']) }, 'a')).toBeUndefined();
    expect(
      refusal(() => checkChannelAccess(channels, { caller: caller(true, ['a']) }, 'b')).code,
    ).toBe('model_not_allowed');
    // An admin's pin bypasses the token's model list.
    expect(
      checkChannelAccess(channels, { caller: caller(true, ['a']), pinnedChannelId: 1 }, 'b'),
    ).toMatchObject({
      id: 1,
    });
    expect(
      refusal(() =>
        checkChannelAccess(channels, { caller: caller(false), pinnedChannelId: 9 }, 'a'),
      ),
    ).toMatchObject({
      status: 400,
      code: 'invalid_channel_id',
    });
    expect(
      refusal(() =>
        checkChannelAccess(channels, { caller: caller(false), pinnedChannelId: 2 }, 'a'),
      ),
    ).toMatchObject({
      status: 403,
      code: 'channel_disabled',
      message: '该渠道已被禁用',
    });
  });
});
