import { describe, expect, it } from 'vitest';
import {
  newRedemptionFormValues,
  parseCodeQuota,
  readRedemptionForm,
  redemptionFormValuesOf,
} from './redemption-form-values';

const dollars = { quotaPerUnit: 500000, displayInCurrency: true };
const raw = { quotaPerUnit: 500000, displayInCurrency: false };

describe('redemption form defaults', () => {
  it('start at quota 100000 and one code', () => {
    expect(newRedemptionFormValues()).toEqual({ name: '', quota: '100000', count: '1' });
  });

  it('load a stored code', () => {
    expect(redemptionFormValuesOf({ name: 'spring', quota: 250 })).toEqual({
      name: 'spring',
      quota: '250',
      count: '1',
    });
  });
});

describe('reading the redemption form', () => {
  it('builds the request of a batch', () => {
    expect(
      readRedemptionForm({ name: ' spring ', quota: '500000', count: '20' }, 'create'),
    ).toEqual({ ok: true, fields: { name: 'spring', quota: 500000 }, count: 20 });
  });

  it('names a new code without a name after its quota', () => {
    const values = { name: '  ', quota: '100000', count: '1' };
    expect(readRedemptionForm(values, 'create', dollars)).toMatchObject({
      ok: true,
      fields: { name: '$0.20' },
    });
    expect(readRedemptionForm(values, 'create', raw)).toMatchObject({
      ok: true,
      fields: { name: '100.0k' },
    });
  });

  it('refuses an empty name when editing', () => {
    expect(readRedemptionForm({ name: '', quota: '1', count: '1' }, 'edit', dollars)).toEqual({
      ok: false,
      field: 'name',
      problem: 'nameLength',
    });
  });

  it('refuses a name over 20 bytes', () => {
    for (const name of ['a'.repeat(21), '七个汉字的名字']) {
      expect(readRedemptionForm({ name, quota: '1', count: '1' }, 'create')).toEqual({
        ok: false,
        field: 'name',
        problem: 'nameLength',
      });
    }
    expect(readRedemptionForm({ name: '六个汉字名字', quota: '1', count: '1' }, 'edit').ok).toBe(
      true,
    );
  });

  it('refuses a quota that is not a whole number in range', () => {
    for (const quota of ['', '-1', '1.5', 'ten', '2147483648']) {
      expect(readRedemptionForm({ name: 'a', quota, count: '1' }, 'create')).toEqual({
        ok: false,
        field: 'quota',
        problem: 'quotaInvalid',
      });
    }
    expect(parseCodeQuota('0')).toBe(0);
    expect(parseCodeQuota(' 2147483647 ')).toBe(2147483647);
  });

  it('makes 1 to 100 codes per call', () => {
    const read = (count: string) => readRedemptionForm({ name: 'a', quota: '1', count }, 'create');
    expect(read('1')).toMatchObject({ ok: true, count: 1 });
    expect(read('100')).toMatchObject({ ok: true, count: 100 });
    expect(read('0')).toEqual({ ok: false, field: 'count', problem: 'countInvalid' });
    expect(read('2.5')).toEqual({ ok: false, field: 'count', problem: 'countInvalid' });
    expect(read('101')).toEqual({ ok: false, field: 'count', problem: 'countTooMany' });
  });

  it('ignores the count when editing', () => {
    expect(readRedemptionForm({ name: 'a', quota: '1', count: 'x' }, 'edit')).toEqual({
      ok: true,
      fields: { name: 'a', quota: 1 },
      count: 1,
    });
  });
});
