import { describe, expect, it } from 'vitest';
import { iconSource } from './icon-source';

describe('iconSource', () => {
  it('draws URLs and data URLs as images', () => {
    expect(iconSource(' https://cdn.example/a.png ', 'x')).toEqual({
      kind: 'image',
      src: 'https://cdn.example/a.png',
    });
    expect(iconSource('data:image/png;base64,AA', 'x').kind).toBe('image');
  });
  it('draws icon names as initials, falling back to the row name', () => {
    expect(iconSource('OpenAI', 'gpt-4o')).toEqual({ kind: 'initials', text: 'O' });
    expect(iconSource('', 'Moonshot AI')).toEqual({ kind: 'initials', text: 'MA' });
    expect(iconSource('', 'glm-4')).toEqual({ kind: 'initials', text: 'G4' });
    expect(iconSource('', 'xx')).toEqual({ kind: 'initials', text: 'XX' });
    expect(iconSource('javascript:alert(1)', '')).toEqual({ kind: 'initials', text: 'JA' });
    expect(iconSource('', '')).toEqual({ kind: 'initials', text: '?' });
  });
});
