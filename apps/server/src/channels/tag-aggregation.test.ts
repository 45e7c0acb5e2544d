import type { ChannelView } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import { aggregateByTag, orderByTags } from './tag-aggregation.js';

function view(fields: Partial<ChannelView>): ChannelView {
  return {
    id: 1,
    type: 1,
    key: '',
    openai_organization: null,
    test_model: null,
    status: 1,
    name: 'c',
    weight: 0,
    created_time: 0,
    test_time: 0,
    response_time: 0,
    base_url: '',
    other: '',
    balance: 0,
    balance_updated_time: 0,
    models: 'm',
    group: 'default',
    used_quota: 0,
    model_mapping: null,
    status_code_mapping: '',
    priority: 0,
    auto_ban: 1,
    other_info: '',
    tag: null,
    setting: null,
    param_override: null,
    ...fields,
  };
}

describe('aggregateByTag', () => {
  it('sums usage, averages tested response times and blanks differing priority/weight', () => {
    const rows = aggregateByTag([
      view({
        id: 1,
        tag: 'a',
        used_quota: 100,
        balance: 1.5,
        response_time: 1000,
        priority: 5,
        weight: 2,
        status: 2,
      }),
      view({ id: 2, tag: 'b', used_quota: 7, group: 'vip' }),
      view({
        id: 3,
        tag: 'a',
        used_quota: 50,
        balance: 2,
        response_time: 3000,
        priority: 1,
        weight: 2,
        group: 'vip,default',
      }),
      view({ id: 4, tag: 'a', response_time: 0, priority: 5, weight: 2, status: 1 }),
      view({ id: 5, tag: null, used_quota: 999 }),
    ]);
    expect(rows.map((row) => row.tag)).toEqual(['a', 'b']);
    const [first, second] = rows;
    expect(first).toMatchObject({
      tag: 'a',
      status: 1,
      group: 'default,vip',
      used_quota: 150,
      balance: 3.5,
      response_time: 2000,
      priority: null,
      weight: 2,
      channel_count: 3,
    });
    expect(first!.children.map((child) => child.id)).toEqual([1, 3, 4]);
    expect(second).toMatchObject({
      tag: 'b',
      used_quota: 7,
      response_time: 0,
      priority: 0,
      weight: 0,
    });
  });

  it("keeps a disabled tag's first status when no channel is enabled", () => {
    const [row] = aggregateByTag([view({ tag: 't', status: 3 }), view({ tag: 't', status: 2 })]);
    expect(row!.status).toBe(3);
  });
});

describe('orderByTags', () => {
  it('groups channels by tag in the given tag order, dropping others', () => {
    const channels = [
      { id: 1, tag: 'b' },
      { id: 2, tag: 'a' },
      { id: 3, tag: 'b' },
      { id: 4, tag: null },
    ];
    expect(orderByTags(['a', 'b'], channels).map((channel) => channel.id)).toEqual([2, 1, 3]);
  });
});
