import { describe, expect, it } from 'vitest';
import { detectSummaryCounts, toUpstreamUpdates, upstreamUpdatesBadge } from './upstream-updates';

describe('toUpstreamUpdates', () => {
  it('keeps a well-formed diff', () => {
    expect(toUpstreamUpdates({ added: ['a'], removed: [], detected_at: 5 })).toEqual({
      added: ['a'],
      removed: [],
      detected_at: 5,
    });
  });

  it('reads null, empty and malformed diffs as none', () => {
    expect(toUpstreamUpdates(null)).toBeNull();
    expect(toUpstreamUpdates({ added: [], removed: [], detected_at: 5 })).toBeNull();
    expect(toUpstreamUpdates({ added: 'a', removed: [] })).toBeNull();
    expect(toUpstreamUpdates({ added: [1], removed: [] })).toBeNull();
  });
});

describe('upstreamUpdatesBadge', () => {
  it('shows each non-empty side', () => {
    expect(upstreamUpdatesBadge({ added: ['a', 'b'], removed: ['c'], detected_at: 0 })).toBe(
      '+2 −1',
    );
    expect(upstreamUpdatesBadge({ added: [], removed: ['c'], detected_at: 0 })).toBe('−1');
  });
});

describe('detectSummaryCounts', () => {
  it('counts the summary and keeps well-formed failures only', () => {
    expect(
      detectSummaryCounts({
        checked: 4,
        changed: [{ id: 1 }],
        failed: [{ id: 2, name: 'x', message: 'refused' }, { id: 3 }],
      }),
    ).toEqual({
      checked: 4,
      changed: 1,
      failed: 1,
      failures: [{ id: 2, name: 'x', message: 'refused' }],
    });
    expect(detectSummaryCounts('nope')).toEqual({
      checked: 0,
      changed: 0,
      failed: 0,
      failures: [],
    });
  });
});
