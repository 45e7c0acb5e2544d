import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration } from './performance-api';

describe('performance figures', () => {
  it('formats bytes', () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3.0 GB');
  });

  it('formats durations', () => {
    expect(formatDuration(42)).toBe('42s');
    expect(formatDuration(125)).toBe('2m 5s');
    expect(formatDuration(3 * 86_400 + 3600 * 2 + 60)).toBe('3d 2h 1m');
  });
});
