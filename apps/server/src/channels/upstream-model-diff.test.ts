import { describe, expect, it } from 'vitest';
import {
  applyModelDiff,
  diffUpstreamModels,
  readUpstreamUpdates,
  withUpstreamUpdates,
} from './upstream-model-diff.js';

describe('diffUpstreamModels', () => {
  it('lists what upstream adds and what it no longer serves, ignoring case', () => {
    expect(
      diffUpstreamModels('gpt-4o, GPT-4o-mini,old', null, ['gpt-4o-mini', 'gpt-4o', 'new']),
    ).toEqual({
      added: ['new'],
      removed: ['old'],
    });
  });

  it('counts a mapped model as present and its target as not new', () => {
    const mapping = JSON.stringify({ fast: 'gpt-4o-mini-2024-07-18' });
    expect(diffUpstreamModels('fast', mapping, ['gpt-4o-mini-2024-07-18', 'other'])).toEqual({
      added: ['other'],
      removed: [],
    });
  });

  it('skips names a model list cannot hold', () => {
    expect(diffUpstreamModels('a', null, ['a', 'b,c', 'x'.repeat(256), ' ', 'd', 'd'])).toEqual({
      added: ['d'],
      removed: [],
    });
  });
});

describe('the stored diff', () => {
  const updates = { added: ['n'], removed: ['o'], detected_at: 1700000000 };

  it('lives beside the status reason and is removed without touching it', () => {
    const stored = withUpstreamUpdates('{"status_reason":"x","status_time":1}', updates);
    expect(readUpstreamUpdates(stored)).toEqual(updates);
    const cleared = withUpstreamUpdates(stored, null);
    expect(JSON.parse(cleared)).toEqual({ status_reason: 'x', status_time: 1 });
    expect(readUpstreamUpdates(cleared)).toBeNull();
  });

  it('reads anything malformed as no diff', () => {
    expect(readUpstreamUpdates(null)).toBeNull();
    expect(readUpstreamUpdates('not json')).toBeNull();
    expect(readUpstreamUpdates('{"upstream_model_updates":{"added":"x"}}')).toBeNull();
    expect(readUpstreamUpdates(withUpstreamUpdates('[1]', updates))).toEqual(updates);
  });
});

describe('applyModelDiff', () => {
  const diff = { added: ['n1', 'KEEP'], removed: ['old'] };

  it('appends new models and keeps vanished ones unless asked to remove them', () => {
    expect(applyModelDiff('keep,old', diff, false)).toEqual({
      models: ['keep', 'old', 'n1'],
      added: 1,
      removed: 0,
    });
    expect(applyModelDiff('keep,old', diff, true)).toEqual({
      models: ['keep', 'n1'],
      added: 1,
      removed: 1,
    });
  });
});
