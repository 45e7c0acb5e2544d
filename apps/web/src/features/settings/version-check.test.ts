import { describe, expect, it } from 'vitest';
import { isNewerVersion } from './version-check';

describe('version check', () => {
  it('compares major, minor and patch, with or without a v', () => {
    expect(isNewerVersion('v0.2.0', '0.1.9')).toBe(true);
    expect(isNewerVersion('0.1.10', 'v0.1.9')).toBe(true);
    expect(isNewerVersion('v0.1.0', '0.1.0')).toBe(false);
    expect(isNewerVersion('v1.0.0', '2.0.0')).toBe(false);
  });
});
