import { describe, expect, it } from 'vitest';
import { isLimitTimeZone, usageLimitOptionsProblem } from './usage-limit-options';

describe('usage limit options', () => {
  it('accept the server zone and IANA zones only', () => {
    expect(isLimitTimeZone('')).toBe(true);
    expect(isLimitTimeZone('Asia/Shanghai')).toBe(true);
    expect(isLimitTimeZone('Mars/Olympus')).toBe(false);
    expect(usageLimitOptionsProblem({ LimitTimeZone: 'Mars/Olympus' })).toBe(
      'usageLimits.timeZoneInvalid',
    );
  });

  it('accept group defaults made of the eight kinds only', () => {
    const ok = { GroupLimits: '{"vip":{"rpm":60,"budget_month":null}}', LimitTimeZone: 'UTC' };
    expect(usageLimitOptionsProblem(ok)).toBeUndefined();
    for (const bad of ['{"vip":{"rpx":1}}', '{"vip":{"rpm":-1}}', '{"vip":[1]}', '[']) {
      expect(usageLimitOptionsProblem({ GroupLimits: bad })).toBe('usageLimits.groupsInvalid');
    }
  });
});
