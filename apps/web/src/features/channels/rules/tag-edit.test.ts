import { describe, expect, it } from 'vitest';
import { tagEditOutcome, type TagEditValues } from './tag-edit';

const unchanged: TagEditValues = {
  newTag: 'team',
  models: ['a', 'b'],
  modelMapping: '',
  groups: [],
};

describe('tagEditOutcome', () => {
  it('says when nothing changed', () => {
    expect(tagEditOutcome('team', ['a', 'b'], unchanged)).toEqual({ kind: 'no-changes' });
    expect(tagEditOutcome('team', ['a', 'b'], { ...unchanged, newTag: ' team ' })).toEqual({
      kind: 'no-changes',
    });
  });

  it('refuses a model mapping that is not JSON', () => {
    expect(tagEditOutcome('team', [], { ...unchanged, modelMapping: '{x' })).toEqual({
      kind: 'invalid-mapping',
    });
  });

  it('sends only what changed', () => {
    expect(
      tagEditOutcome('team', ['a', 'b'], {
        ...unchanged,
        models: ['a', 'c'],
        modelMapping: '{"a":"b"}',
        groups: ['vip'],
      }),
    ).toEqual({
      kind: 'request',
      request: { tag: 'team', models: 'a,c', model_mapping: '{"a":"b"}', groups: 'vip' },
    });
  });

  it('renames, and dissolves with an empty new tag', () => {
    expect(tagEditOutcome('team', ['a', 'b'], { ...unchanged, newTag: 'crew' })).toEqual({
      kind: 'request',
      request: { tag: 'team', new_tag: 'crew' },
    });
    expect(tagEditOutcome('team', ['a', 'b'], { ...unchanged, newTag: '' })).toEqual({
      kind: 'request',
      request: { tag: 'team', new_tag: '' },
    });
  });

  it('ignores an emptied model list (empty means unchanged)', () => {
    expect(tagEditOutcome('team', ['a'], { ...unchanged, models: [] })).toEqual({
      kind: 'no-changes',
    });
  });
});
