import { describe, expect, it } from 'vitest';
import { codesFileName, codesFileText } from './codes-file';

describe('codes file', () => {
  it('is named after the code name', () => {
    expect(codesFileName('spring')).toBe('spring.txt');
    expect(codesFileName('春节活动')).toBe('春节活动.txt');
    expect(codesFileName('$0.20')).toBe('$0.20.txt');
  });

  it('replaces characters a file name cannot hold', () => {
    expect(codesFileName('a/b\\c:d*e?f"g<h>i|j')).toBe('a_b_c_d_e_f_g_h_i_j.txt');
    expect(codesFileName('tab\there')).toBe('tab_here.txt');
  });

  it('falls back when nothing usable is left', () => {
    expect(codesFileName('')).toBe('redemption-codes.txt');
    expect(codesFileName('  ')).toBe('redemption-codes.txt');
    expect(codesFileName('..')).toBe('redemption-codes.txt');
  });

  it('holds one key per line', () => {
    expect(codesFileText(['aaa', 'bbb'])).toBe('aaa\nbbb\n');
    expect(codesFileText(['aaa']).split('\n').filter(Boolean)).toEqual(['aaa']);
    expect(codesFileText([])).toBe('');
  });
});
