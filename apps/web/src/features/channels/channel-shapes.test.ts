import { describe, expect, it } from 'vitest';
import { isTagRow, toChannel, toListRows, toModelsByType, toNames } from './channel-shapes';

describe('toChannel', () => {
  it('rebuilds a channel and never keeps a key', () => {
    const channel = toChannel({ id: 3, name: 'A', key: 'secret', weight: null, priority: 2 });
    expect(channel).toMatchObject({ id: 3, name: 'A', key: '', weight: null, priority: 2 });
    expect(channel?.models).toBe('');
  });

  it("keeps a multi-key channel's key states", () => {
    const channel_info = {
      is_multi_key: true,
      multi_key_size: 2,
      multi_key_status_list: { '1': 2 },
    };
    expect(toChannel({ id: 4, channel_info })?.channel_info).toMatchObject({
      multi_key_size: 2,
      multi_key_status_list: { '1': 2 },
    });
    expect(toChannel({ id: 4, channel_info: { is_multi_key: false } })).not.toHaveProperty(
      'channel_info',
    );
  });

  it('refuses values without an id', () => {
    expect(toChannel({ name: 'A' })).toBeNull();
    expect(toChannel('x')).toBeNull();
  });
});

describe('toListRows', () => {
  it('reads channels or tag rows', () => {
    expect(toListRows([{ id: 1 }, { nope: true }], false)).toHaveLength(1);
    const rows = toListRows([{ tag: 't', channel_count: 1, children: [{ id: 2 }] }], true);
    expect(rows).toHaveLength(1);
    expect(isTagRow(rows[0])).toBe(true);
    expect(toListRows(null, false)).toEqual([]);
  });
});

describe('toNames and toModelsByType', () => {
  it('reads names and id objects', () => {
    expect(toNames(['a', { id: 'b' }, 3, { id: '' }])).toEqual(['a', 'b']);
    expect(toModelsByType({ '1': ['gpt-4o'], '2': 'x' })).toEqual({ '1': ['gpt-4o'], '2': [] });
  });
});

describe('circuit breaker fields', () => {
  it('keeps a known circuit state with its rate and end, and drops an unknown one', () => {
    const channel = toChannel({
      id: 4,
      circuit: 'open',
      recent_error_rate: 0.5,
      circuit_open_until: 99,
    });
    expect(channel).toMatchObject({
      circuit: 'open',
      recent_error_rate: 0.5,
      circuit_open_until: 99,
    });
    expect(toChannel({ id: 4, circuit: 'melted' })).not.toHaveProperty('circuit');
  });
});
