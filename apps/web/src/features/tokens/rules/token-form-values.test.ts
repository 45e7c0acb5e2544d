import type { Token } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import { emptyLimitTexts } from '../../../lib/usage-limits';
import { newTokenFormValues, readTokenForm, tokenFormValuesOf } from './token-form-values';

const base = newTokenFormValues(500000, false);

describe('token form values', () => {
  it('start a new token with one dollar, no expiry and one token', () => {
    expect(base).toMatchObject({ remainQuota: '500000', expiry: '', count: '1', group: '' });
    expect(newTokenFormValues(500000, true).group).toBe('auto');
  });

  it('build the request of a new token', () => {
    const result = readTokenForm(
      {
        ...base,
        name: ' team ',
        count: '10',
        modelLimitsEnabled: true,
        modelLimits: ['gpt-4o', 'gpt-4o-mini'],
        allowIps: '10.0.0.1\n10.0.0.2',
      },
      'create',
    );
    expect(result).toEqual({
      ok: true,
      count: 10,
      fields: {
        name: 'team',
        expired_time: -1,
        remain_quota: 500000,
        unlimited_quota: false,
        model_limits_enabled: true,
        model_limits: 'gpt-4o,gpt-4o-mini',
        allow_ips: '10.0.0.1\n10.0.0.2',
        group: '',
      },
    });
  });

  it('require a name when creating only', () => {
    expect(readTokenForm(base, 'create')).toEqual({
      ok: false,
      field: 'name',
      problem: 'nameRequired',
    });
    expect(readTokenForm(base, 'edit').ok).toBe(true);
  });

  it('report the expiry, quota and quantity problems', () => {
    const named = { ...base, name: 'a' };
    expect(readTokenForm({ ...named, expiry: 'soon' }, 'create')).toMatchObject({
      problem: 'expiryFormat',
    });
    expect(readTokenForm({ ...named, remainQuota: 'lots' }, 'create')).toMatchObject({
      problem: 'quotaInvalid',
    });
    expect(readTokenForm({ ...named, count: '0' }, 'create')).toMatchObject({
      problem: 'countInvalid',
    });
    expect(readTokenForm({ ...named, count: '500' }, 'create')).toMatchObject({
      problem: 'countTooMany',
    });
  });

  it('ignore the quota text of an unlimited token', () => {
    const result = readTokenForm(
      { ...base, name: 'a', remainQuota: '', unlimited: true },
      'create',
    );
    expect(result).toMatchObject({ ok: true, fields: { remain_quota: 0, unlimited_quota: true } });
  });

  it('check the longest name of a batch', () => {
    const name = 'a'.repeat(24);
    expect(readTokenForm({ ...base, name }, 'create').ok).toBe(true);
    expect(readTokenForm({ ...base, name, count: '2' }, 'create')).toMatchObject({
      problem: 'batchNameTooLong',
    });
    expect(readTokenForm({ ...base, name: '令'.repeat(11) }, 'edit')).toMatchObject({
      problem: 'nameTooLong',
    });
  });

  it('load a stored token', () => {
    const token: Token = {
      id: 1,
      user_id: 1,
      key: 'k',
      status: 1,
      name: 'n',
      created_time: 0,
      accessed_time: 0,
      expired_time: -1,
      remain_quota: 42,
      unlimited_quota: true,
      model_limits_enabled: true,
      model_limits: 'a,b,',
      allow_ips: '1.2.3.4',
      used_quota: 0,
      group: 'vip',
      DeletedAt: null,
    };
    expect(tokenFormValuesOf(token)).toEqual({
      name: 'n',
      expiry: '',
      remainQuota: '42',
      unlimited: true,
      count: '1',
      modelLimitsEnabled: true,
      modelLimits: ['a', 'b'],
      allowIps: '1.2.3.4',
      group: 'vip',
      limits: emptyLimitTexts(),
    });
    expect(tokenFormValuesOf({ ...token, limits: { rpm: 60, budget_day: 0 } }).limits).toEqual({
      ...emptyLimitTexts(),
      rpm: '60',
    });
  });

  it('send limits only when one is set or one was cleared, and refuse a bad one', () => {
    const named = { ...base, name: 'a' };
    expect(readTokenForm(named, 'create')).not.toHaveProperty('fields.limits');
    const set = readTokenForm({ ...named, limits: { ...base.limits, rpm: '60' } }, 'create');
    expect(set).toMatchObject({ ok: true, fields: { limits: { rpm: 60, budget_month: null } } });
    const cleared = readTokenForm(named, 'edit', { rpm: 60 });
    expect(cleared).toMatchObject({ ok: true, fields: { limits: { rpm: null } } });
    expect(readTokenForm({ ...named, limits: { ...base.limits, tpd: '1e6' } }, 'edit')).toEqual({
      ok: false,
      field: ['limits', 'tpd'],
      problem: 'limitInvalid',
    });
  });
});
