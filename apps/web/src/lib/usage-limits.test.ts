import { describe, expect, it } from 'vitest';
import {
  emptyLimitTexts,
  limitsToSend,
  limitTextsOf,
  readGroupLimits,
  readLimitTexts,
  readLimitUsages,
  readUsageLimits,
} from './usage-limits';

const none = {
  rpm: null,
  rpd: null,
  tpm: null,
  tpd: null,
  concurrency: null,
  budget_day: null,
  budget_week: null,
  budget_month: null,
};

describe('usage limit texts', () => {
  it('show stored limits, absent, null and 0 as empty', () => {
    expect(limitTextsOf({ rpm: 60, tpd: 0, budget_month: null })).toEqual({
      ...emptyLimitTexts(),
      rpm: '60',
    });
    expect(limitTextsOf(undefined)).toEqual(emptyLimitTexts());
  });

  it('read every kind, empty and 0 as null, and refuse what is not a whole number', () => {
    expect(readLimitTexts({ ...emptyLimitTexts(), rpm: ' 60 ', concurrency: '0' })).toEqual({
      ok: true,
      limits: { ...none, rpm: 60 },
    });
    expect(readLimitTexts({ ...emptyLimitTexts(), budget_day: '1.5' })).toEqual({
      ok: false,
      kind: 'budget_day',
    });
    expect(readLimitTexts({ ...emptyLimitTexts(), tpm: '-1' })).toEqual({ ok: false, kind: 'tpm' });
    expect(readLimitTexts({ ...emptyLimitTexts(), tpm: '9'.repeat(20) })).toEqual({
      ok: false,
      kind: 'tpm',
    });
  });

  it('are sent only when one is set or one was cleared', () => {
    expect(limitsToSend(none, undefined)).toBeUndefined();
    expect(limitsToSend(none, { rpm: 0 })).toBeUndefined();
    expect(limitsToSend({ ...none, rpm: 5 }, undefined)).toEqual({ ...none, rpm: 5 });
    expect(limitsToSend(none, { rpm: 5 })).toEqual(none);
  });
});

describe('usage limits in answers', () => {
  it('read only the known kinds, and nothing from servers without limits', () => {
    expect(readUsageLimits(undefined)).toBeUndefined();
    expect(readUsageLimits({ rpm: 5, tpm: 'x', extra: 1 })).toEqual({ rpm: 5 });
    expect(
      readLimitUsages([
        { scope: 'token', limit: 'rpm', max: 5, used: 1, reset_at: 60 },
        { scope: 'nobody', limit: 'rpm', max: 5, used: 1, reset_at: 60 },
      ]),
    ).toEqual([{ scope: 'token', limit: 'rpm', max: 5, used: 1, reset_at: 60 }]);
    expect(readLimitUsages(null)).toEqual([]);
  });

  it('read the group defaults option, giving none for text that does not parse', () => {
    expect(readGroupLimits('{"vip":{"rpm":60},"bad":3}')).toEqual({ vip: { rpm: 60 } });
    expect(readGroupLimits('{')).toEqual({});
    expect(readGroupLimits('')).toEqual({});
  });
});
