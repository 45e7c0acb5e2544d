import { describe, expect, it } from 'vitest';
import { findJsonError, formatJsonText, sameJson } from './json-text';

describe('JSON option text', () => {
  it('finds the line and column where parsing stops', () => {
    expect(findJsonError('{"a": 1}')).toBeUndefined();
    const error = findJsonError('{\n  "a": 1,\n  "b" 2\n}');
    expect(error?.line).toBe(3);
    expect(error?.column).toBeGreaterThan(1);
    expect(findJsonError('')?.line).toBe(1);
    expect(findJsonError('{\n"a": 1,\n')?.line).toBeGreaterThanOrEqual(2);
  });

  it('formats and compares without regard to spacing', () => {
    expect(formatJsonText('{"a":1}')).toBe('{\n  "a": 1\n}');
    expect(formatJsonText('{bad')).toBe('{bad');
    expect(sameJson('{"a":1,"b":[1]}', '{\n  "a": 1, "b": [1]\n}')).toBe(true);
    expect(sameJson('{"a":1}', '{"a":2}')).toBe(false);
    expect(sameJson('{bad', '{bad')).toBe(true);
  });
});
