import { describe, expect, it } from 'vitest';
import type { SyncConflict } from '../model-shapes';
import {
  chosenFieldCount,
  emptySelection,
  overwriteList,
  previewValueText,
  selectAll,
  toggleField,
  toggleModel,
} from './sync-selection';

const conflicts: SyncConflict[] = [
  {
    model_name: 'a',
    fields: [
      { field: 'description', local: '', upstream: 'A' },
      { field: 'tags', local: 'x', upstream: 'y' },
    ],
  },
  { model_name: 'b', fields: [{ field: 'icon', local: 'B', upstream: 'C' }] },
];

describe('sync selection', () => {
  it('ticks and unticks single fields without repeats', () => {
    let selection = toggleField(emptySelection, 'a', 'tags', true);
    selection = toggleField(selection, 'a', 'tags', true);
    selection = toggleField(selection, 'b', 'icon', true);
    expect(chosenFieldCount(selection)).toBe(2);
    selection = toggleField(selection, 'a', 'tags', false);
    expect(overwriteList(conflicts, selection)).toEqual([{ model_name: 'b', fields: ['icon'] }]);
  });
  it('ticks a whole model, or everything, in the preview order', () => {
    expect(overwriteList(conflicts, toggleModel(emptySelection, conflicts[0], true))).toEqual([
      { model_name: 'a', fields: ['description', 'tags'] },
    ]);
    const all = selectAll(conflicts, true);
    expect(chosenFieldCount(all)).toBe(3);
    expect(overwriteList(conflicts, all).map((entry) => entry.model_name)).toEqual(['a', 'b']);
    expect(selectAll(conflicts, false)).toEqual(emptySelection);
  });
  it('sends no field the preview did not offer, and nothing when nothing is ticked', () => {
    expect(overwriteList(conflicts, { a: ['status'], c: ['icon'] })).toEqual([]);
    expect(overwriteList(conflicts, emptySelection)).toEqual([]);
  });
  it('shows preview values as text', () => {
    expect(previewValueText(null)).toBe('');
    expect(previewValueText(12)).toBe('12');
    expect(previewValueText(['a'])).toBe('["a"]');
    expect(previewValueText('x')).toBe('x');
  });
});
