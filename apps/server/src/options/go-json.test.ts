import { describe, expect, it } from 'vitest';
import { formatDecimal, goJsonStringify, optionValueToString } from './go-json.js';

describe('goJsonStringify', () => {
  it('sorts object keys and keeps array order', () => {
    expect(goJsonStringify({ vip: 1, default: 1, svip: 1 })).toBe('{"default":1,"svip":1,"vip":1}');
    expect(goJsonStringify(['b', 'a'])).toBe('["b","a"]');
    expect(goJsonStringify({ b: { d: 1, c: [true, null] }, a: 'x' })).toBe(
      '{"a":"x","b":{"c":[true,null],"d":1}}',
    );
  });

  it('escapes HTML-sensitive characters like the reference encoder', () => {
    expect(goJsonStringify('a&b<c>d\u2028')).toBe('"a\\u0026b\\u003cc\\u003ed\\u2028"');
    expect(JSON.parse(goJsonStringify('a&b<c>'))).toBe('a&b<c>');
  });

  it('writes non-ASCII text as is', () => {
    expect(goJsonStringify({ default: '默认分组' })).toBe('{"default":"默认分组"}');
  });

  it('refuses values JSON cannot hold', () => {
    expect(() => goJsonStringify(Number.NaN)).toThrow(TypeError);
    expect(() => goJsonStringify(() => 1)).toThrow(TypeError);
  });
});

describe('formatDecimal', () => {
  it('keeps ordinary numbers as JavaScript prints them', () => {
    expect(formatDecimal(5)).toBe('5');
    expect(formatDecimal(0.5)).toBe('0.5');
    expect(formatDecimal(-7.3)).toBe('-7.3');
    expect(formatDecimal(500000)).toBe('500000');
  });

  it('never uses an exponent', () => {
    expect(formatDecimal(1e21)).toBe('1000000000000000000000');
    expect(formatDecimal(1.5e22)).toBe('15000000000000000000000');
    expect(formatDecimal(1e-7)).toBe('0.0000001');
    expect(formatDecimal(-1.25e-7)).toBe('-0.000000125');
  });
});

describe('optionValueToString', () => {
  it('stores booleans and numbers as text', () => {
    expect(optionValueToString(true)).toBe('true');
    expect(optionValueToString(false)).toBe('false');
    expect(optionValueToString(3)).toBe('3');
    expect(optionValueToString('x')).toBe('x');
  });
});
