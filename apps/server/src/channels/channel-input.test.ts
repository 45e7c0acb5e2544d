import { describe, expect, it } from 'vitest';
import {
  prepareChannelChanges,
  prepareNewChannel,
  splitChannelKeys,
  withStatusInfo,
} from './channel-input.js';

function messageOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

describe('prepareNewChannel', () => {
  it('fills the spec defaults', () => {
    const values = prepareNewChannel({ name: ' n ', key: 'k', models: 'm' });
    expect(values).toMatchObject({
      type: 1,
      name: 'n',
      status: 1,
      models: 'm',
      group: 'default',
      priority: 0,
      weight: 0,
      auto_ban: 1,
      base_url: '',
      tag: null,
      model_mapping: null,
      status_code_mapping: '',
    });
  });

  it('requires a known type, a name and a model', () => {
    expect(messageOf(() => prepareNewChannel({ type: 999, name: 'n', models: 'm' }))).toBe(
      '渠道类型无效',
    );
    expect(messageOf(() => prepareNewChannel({ name: ' ', models: 'm' }))).toBe('渠道名称不能为空');
    expect(messageOf(() => prepareNewChannel({ name: 'n', models: ' , ' }))).toBe(
      '请至少选择一个模型',
    );
  });

  it('requires a Vertex AI region with a default entry', () => {
    const vertex = { type: 41, name: 'v', models: 'gemini-2.5-pro' };
    expect(messageOf(() => prepareNewChannel(vertex))).toBe('部署地区不能为空');
    expect(messageOf(() => prepareNewChannel({ ...vertex, other: '{"x": "y"}' }))).toBe(
      '部署地区必须包含default字段',
    );
    expect(prepareNewChannel({ ...vertex, other: 'us-central1' }).other).toBe('us-central1');
  });
});

describe('prepareChannelChanges', () => {
  const existing = { type: 1, other: '' };

  it('skips empty plain fields but writes present nullable fields, zero included', () => {
    expect(prepareChannelChanges({ name: '', models: '', type: 0, status: 0 }, existing)).toEqual(
      {},
    );
    expect(
      prepareChannelChanges({ priority: 0, weight: 0, tag: '', base_url: '' }, existing),
    ).toEqual({
      priority: 0,
      weight: 0,
      tag: null,
      base_url: '',
    });
    expect(prepareChannelChanges({ priority: null, model_mapping: null }, existing)).toEqual({});
  });

  it('keeps a stored type from a newer release but refuses switching to an unknown one', () => {
    expect(prepareChannelChanges({ type: 57 }, { type: 57, other: '' })).toEqual({ type: 57 });
    expect(messageOf(() => prepareChannelChanges({ type: 57 }, existing))).toBe('渠道类型无效');
  });
});

describe('status info and keys', () => {
  it('records reason and time, keeping other keys', () => {
    expect(JSON.parse(withStatusInfo('{"a":1,"status_reason":"x"}', 'quota', 9))).toEqual({
      a: 1,
      status_reason: 'quota',
      status_time: 9,
    });
    expect(JSON.parse(withStatusInfo('not json', '', 1))).toEqual({
      status_reason: '',
      status_time: 1,
    });
  });

  it('splits keys by line in batch mode only', () => {
    expect(splitChannelKeys(' k1\n\n k2 \nk1\n', true, 1)).toEqual(['k1', 'k2']);
    expect(splitChannelKeys('k1\nk2', false, 1)).toEqual(['k1\nk2']);
    expect(splitChannelKeys('  ', true, 1)).toEqual([]);
  });

  it('splits a Vertex AI JSON array into one credential per channel', () => {
    expect(splitChannelKeys('[{"a":1},{"b":2}]', true, 41)).toEqual(['{"a":1}', '{"b":2}']);
    expect(splitChannelKeys('{"a":1}\n', true, 41)).toEqual(['{"a":1}']);
    expect(messageOf(() => splitChannelKeys('[1, 2]', true, 41))).toMatch(/JSON 数组/);
  });
});
