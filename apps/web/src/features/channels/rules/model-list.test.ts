import { describe, expect, it } from 'vitest';
import {
  addCustomModels,
  longestModelList,
  mergeModels,
  midjourneyModels,
  midjourneyPlusModels,
  relatedModels,
  splitList,
  uniqueNames,
} from './model-list';

describe('relatedModels', () => {
  const defaults = { '1': ['gpt-4o', 'gpt-4o-mini'], '14': ['claude-3-5-haiku-20241022'] };

  it('uses the server defaults for ordinary types', () => {
    expect(relatedModels(1, defaults)).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(relatedModels(14, defaults)).toEqual(['claude-3-5-haiku-20241022']);
    expect(relatedModels(99, defaults)).toEqual([]);
  });

  it('has the Midjourney lists for types 2 and 5', () => {
    expect(relatedModels(2, defaults)).toEqual([
      'mj_imagine',
      'mj_variation',
      'mj_reroll',
      'mj_blend',
      'mj_upscale',
      'mj_describe',
      'mj_uploads',
    ]);
    const plus = relatedModels(5, defaults);
    for (const model of midjourneyModels) expect(plus).toContain(model);
    for (const model of [
      'swap_face',
      'mj_zoom',
      'mj_shorten',
      'mj_modal',
      'mj_inpaint',
      'mj_custom_zoom',
      'mj_high_variation',
      'mj_low_variation',
      'mj_pan',
    ]) {
      expect(plus).toContain(model);
    }
    expect(plus).toHaveLength(midjourneyPlusModels.length);
  });

  it('has the Suno models for type 36', () => {
    expect(relatedModels(36, defaults)).toEqual(['suno_music', 'suno_lyrics']);
  });

  it('returns a copy', () => {
    relatedModels(2, defaults).push('x');
    expect(midjourneyModels).not.toContain('x');
  });
});

describe('splitList and uniqueNames', () => {
  it('trims and drops empty and repeated names', () => {
    expect(splitList(' a, b,,a ,c ')).toEqual(['a', 'b', 'c']);
    expect(splitList('')).toEqual([]);
    expect(splitList(null)).toEqual([]);
    expect(uniqueNames(['x', ' x ', 'y'])).toEqual(['x', 'y']);
  });
});

describe('addCustomModels', () => {
  it('adds new comma-separated names', () => {
    expect(addCustomModels(['a'], 'b, c')).toEqual({ models: ['a', 'b', 'c'], duplicates: [] });
  });

  it('ignores empty entries', () => {
    expect(addCustomModels([], ' , x ,')).toEqual({ models: ['x'], duplicates: [] });
  });

  it('rejects the input when a model already exists', () => {
    expect(addCustomModels(['a', 'b'], 'c, a')).toEqual({ models: ['a', 'b'], duplicates: ['a'] });
  });

  it('reports a name typed twice', () => {
    expect(addCustomModels([], 'x, x')).toEqual({ models: [], duplicates: ['x'] });
  });
});

describe('mergeModels', () => {
  it('keeps current models first and adds the others once', () => {
    expect(mergeModels(['b', 'a'], ['a', 'c', 'c'])).toEqual(['b', 'a', 'c']);
  });
});

describe('longestModelList', () => {
  it('takes the longest list, not the union', () => {
    expect(longestModelList(['a,b', 'c,d,e', 'f'])).toEqual(['c', 'd', 'e']);
    expect(longestModelList([])).toEqual([]);
  });
});
