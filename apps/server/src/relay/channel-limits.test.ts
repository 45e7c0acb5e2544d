import { describe, expect, it } from 'vitest';
import { readChannelLimits } from './channel-limits.js';

describe('readChannelLimits', () => {
  it('is undefined for a setting without limits, so routing pays a field read', () => {
    expect(readChannelLimits({})).toBeUndefined();
    expect(readChannelLimits({ thinking_to_content: true, idle_timeout: 0 })).toBeUndefined();
  });

  it('reads seconds as milliseconds and bounds the wait for a slot', () => {
    expect(readChannelLimits({ first_byte_timeout: 3, max_concurrency: 2 })).toEqual({
      firstByteTimeoutMs: 3000,
      idleTimeoutMs: 0,
      totalTimeoutMs: 0,
      maxConcurrency: 2,
      slotWaitMs: 3000,
    });
    expect(readChannelLimits({ first_byte_timeout: 60, max_concurrency: 1 })?.slotWaitMs).toBe(
      10_000,
    );
    expect(readChannelLimits({ max_concurrency: 1 })?.slotWaitMs).toBe(10_000);
  });

  it('reads rows written elsewhere leniently: strings and negatives unset, fractions cut, maxima capped', () => {
    expect(readChannelLimits({ idle_timeout: '30', total_timeout: -1 })).toBeUndefined();
    expect(readChannelLimits({ idle_timeout: 2.7, total_timeout: 1e9 })).toMatchObject({
      idleTimeoutMs: 2000,
      totalTimeoutMs: 86_400_000,
    });
  });
});
