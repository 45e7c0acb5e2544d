import { describe, expect, it } from 'vitest';
import { drawReward, readCheckinSettings, type CheckinSettings } from './checkin-settings.js';

function options(values: Record<string, string>) {
  return {
    getBoolean: (key: string) => values[key] === 'true',
    getNumber: (key: string) => Number(values[key]),
  };
}

function settings(min: string, max: string, enabled = 'true'): CheckinSettings {
  return readCheckinSettings(
    options({
      'checkin_setting.enabled': enabled,
      'checkin_setting.min_quota': min,
      'checkin_setting.max_quota': max,
    }),
  );
}

describe('readCheckinSettings', () => {
  it('reads the switch and a well-formed range as they are', () => {
    expect(settings('1000', '10000')).toEqual({ enabled: true, minQuota: 1000, maxQuota: 10000 });
    expect(settings('1000', '10000', 'false').enabled).toBe(false);
  });

  it('clamps negative bounds to 0', () => {
    expect(settings('-5', '300')).toMatchObject({ minQuota: 0, maxQuota: 300 });
    expect(settings('-5', '-1')).toMatchObject({ minQuota: 0, maxQuota: 0 });
  });

  it('swaps an inverted range', () => {
    expect(settings('500', '200')).toMatchObject({ minQuota: 200, maxQuota: 500 });
    expect(settings('777', '-3')).toMatchObject({ minQuota: 0, maxQuota: 777 });
  });

  it('reads an unreadable bound as 0', () => {
    expect(settings('abc', '50')).toMatchObject({ minQuota: 0, maxQuota: 50 });
  });
});

describe('drawReward', () => {
  it('draws in [min, max] with max included', () => {
    const calls: [number, number][] = [];
    const range = { enabled: true, minQuota: 10, maxQuota: 20 };
    expect(
      drawReward(range, (min, maxExclusive) => {
        calls.push([min, maxExclusive]);
        return maxExclusive - 1;
      }),
    ).toBe(20);
    expect(calls).toEqual([[10, 21]]);
    for (let draw = 0; draw < 200; draw += 1) {
      const reward = drawReward(range);
      expect(Number.isInteger(reward)).toBe(true);
      expect(reward).toBeGreaterThanOrEqual(10);
      expect(reward).toBeLessThanOrEqual(20);
    }
  });

  it('gives min without drawing when the range is one point', () => {
    const never = () => {
      throw new Error('drawn');
    };
    expect(drawReward({ enabled: true, minQuota: 7, maxQuota: 7 }, never)).toBe(7);
  });
});
