import type { ChannelView } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import {
  channelFieldsOf,
  channelFormProblem,
  formValuesOf,
  newChannelValues,
  type ChannelFormValues,
} from './form-values';

const filled: ChannelFormValues = {
  ...newChannelValues,
  name: ' Main ',
  key: ' sk-1 ',
  models: ['gpt-4o', 'gpt-4o', 'gpt-4o-mini'],
};

const stored: ChannelView = {
  id: 7,
  type: 18,
  key: '',
  openai_organization: null,
  test_model: null,
  status: 1,
  name: 'Spark',
  weight: null,
  created_time: 0,
  test_time: 0,
  response_time: 0,
  base_url: null,
  other: 'v3.5',
  balance: 0,
  balance_updated_time: 0,
  models: 'a,b',
  group: 'default,vip',
  used_quota: 0,
  model_mapping: null,
  status_code_mapping: '',
  priority: 5,
  auto_ban: 0,
  other_info: '',
  tag: null,
  setting: null,
  param_override: null,
};

describe('newChannelValues', () => {
  it('has the defaults of the spec', () => {
    expect(newChannelValues).toMatchObject({
      type: 1,
      auto_ban: true,
      groups: ['default'],
      priority: 0,
      weight: 0,
    });
  });
});

describe('formValuesOf', () => {
  it('splits lists and turns nulls into empty fields', () => {
    expect(formValuesOf(stored)).toMatchObject({
      type: 18,
      key: '',
      models: ['a', 'b'],
      groups: ['default', 'vip'],
      other: 'v3.5',
      auto_ban: false,
      priority: 5,
      weight: 0,
      tag: '',
      model_mapping: '',
    });
  });

  it('falls back to the default group', () => {
    expect(formValuesOf({ ...stored, group: '' }).groups).toEqual(['default']);
  });

  it("reads a multi-key channel's key selection; entered keys are appended by default", () => {
    expect(formValuesOf(stored)).toMatchObject({ multi_key: false, multi_key_mode: 'random' });
    const channel_info = {
      is_multi_key: true,
      multi_key_size: 3,
      multi_key_status_list: {},
      multi_key_disabled_reason: {},
      multi_key_disabled_time: {},
      multi_key_polling_index: 0,
      multi_key_mode: 'polling' as const,
    };
    expect(formValuesOf({ ...stored, channel_info })).toMatchObject({
      multi_key: true,
      multi_key_mode: 'polling',
      key_mode: 'append',
    });
  });
});

describe('channelFormProblem', () => {
  it('needs a name and a key when creating', () => {
    expect(channelFormProblem({ ...filled, name: ' ' }, false)).toEqual({
      field: 'name',
      message: 'form.errors.nameAndKeyRequired',
    });
    expect(channelFormProblem({ ...filled, key: '' }, false)?.field).toBe('key');
    expect(channelFormProblem({ ...filled, key: '' }, true)).toBeNull();
  });

  it('needs at least one model', () => {
    expect(channelFormProblem({ ...filled, models: [' '] }, false)?.message).toBe(
      'form.errors.modelsRequired',
    );
  });

  it('needs valid JSON in the JSON fields', () => {
    expect(channelFormProblem({ ...filled, model_mapping: '{' }, false)?.message).toBe(
      'form.errors.modelMappingInvalid',
    );
    expect(channelFormProblem({ ...filled, model_mapping: '{"a": 1}' }, false)?.message).toBe(
      'form.errors.modelMappingValues',
    );
    expect(channelFormProblem({ ...filled, status_code_mapping: '{"x":"y"}' }, false)?.field).toBe(
      'status_code_mapping',
    );
    expect(channelFormProblem({ ...filled, setting: '[]' }, false)?.field).toBe('setting');
    expect(channelFormProblem({ ...filled, param_override: 'x' }, false)?.field).toBe(
      'param_override',
    );
  });

  it('refuses an address that is not http(s), unless the type has none', () => {
    expect(channelFormProblem({ ...filled, base_url: 'example.com' }, false)?.field).toBe(
      'base_url',
    );
    expect(channelFormProblem({ ...filled, type: 45, base_url: 'example.com' }, false)).toBeNull();
  });

  it('checks the Vertex AI region', () => {
    const vertex = { ...filled, type: 41, key: '{"project_id":"p"}' };
    expect(channelFormProblem(vertex, false)?.message).toBe('form.errors.region-required');
    expect(channelFormProblem({ ...vertex, other: 'us-central1' }, false)).toBeNull();
  });
});

describe('channelFieldsOf', () => {
  it('cleans and joins the values', () => {
    const fields = channelFieldsOf(
      { ...filled, base_url: 'https://x.test/', groups: ['a', 'b'] },
      false,
    );
    expect(fields).toMatchObject({
      name: 'Main',
      key: 'sk-1',
      base_url: 'https://x.test',
      models: 'gpt-4o,gpt-4o-mini',
      group: 'a,b',
      auto_ban: 1,
      priority: 0,
      weight: 0,
    });
  });

  it('defaults the Spark version to v2.1', () => {
    expect(channelFieldsOf({ ...filled, type: 18, other: '' }, false).other).toBe('v2.1');
    expect(channelFieldsOf({ ...filled, type: 18, other: 'v3.5' }, false).other).toBe('v3.5');
    expect(channelFieldsOf({ ...filled, type: 1, other: '' }, false).other).toBe('');
  });

  it('turns a negative weight into 0 and keeps integer priorities', () => {
    const fields = channelFieldsOf({ ...filled, weight: -4, priority: -999 }, false);
    expect(fields.weight).toBe(0);
    expect(fields.priority).toBe(-999);
  });

  it('leaves an empty key out on edit', () => {
    expect('key' in channelFieldsOf({ ...filled, key: '' }, true)).toBe(false);
    expect(channelFieldsOf({ ...filled, key: 'new' }, true).key).toBe('new');
  });

  it('sends auto-ban off as 0', () => {
    expect(channelFieldsOf({ ...filled, auto_ban: false }, false).auto_ban).toBe(0);
  });
});
