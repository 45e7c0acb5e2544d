import { describe, expect, it } from 'vitest';
import { resolvePayMethodColor } from './pay-method-color';

describe('resolvePayMethodColor', () => {
  it('maps the default methods’ Semi palette variables to antd presets', () => {
    expect(resolvePayMethodColor('rgba(var(--semi-blue-5), 1)')).toEqual({ preset: 'blue' });
    expect(resolvePayMethodColor('rgba(var(--semi-green-5), 1)')).toEqual({ preset: 'green' });
    expect(resolvePayMethodColor('rgba(var(--semi-light-blue-4), 1)')).toEqual({
      preset: 'blue',
    });
    expect(resolvePayMethodColor('rgba(var(--semi-violet-5), 1)')).toEqual({ preset: 'purple' });
  });

  it('leaves unknown palette variables and other var() references to the primary colour', () => {
    expect(resolvePayMethodColor('rgba(var(--semi-grey-5), 1)')).toBeNull();
    expect(resolvePayMethodColor('var(--brand)')).toBeNull();
  });

  it('uses preset names as presets and any other colour as CSS', () => {
    expect(resolvePayMethodColor('orange')).toEqual({ preset: 'orange' });
    expect(resolvePayMethodColor('#1677ff')).toEqual({ css: '#1677ff' });
    expect(resolvePayMethodColor(' rgb(0, 128, 0) ')).toEqual({ css: 'rgb(0, 128, 0)' });
  });

  it('gives no colour for an empty or missing one', () => {
    expect(resolvePayMethodColor(undefined)).toBeNull();
    expect(resolvePayMethodColor('  ')).toBeNull();
  });
});
