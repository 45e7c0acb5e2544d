import { describe, expect, it } from 'vitest';
import { toModelMeta } from '../model-shapes';
import {
  isEndpointsText,
  joinCommaList,
  modelFormProblem,
  modelFormValues,
  modelPayload,
  splitCommaList,
} from './model-form-values';

const stored = toModelMeta({
  id: 9,
  model_name: 'claude-3',
  description: 'Good at text',
  tags: 'chat, long-context,chat',
  vendor_id: 0,
  endpoints: '{"anthropic":{"path":"/v1/messages","method":"POST"}}',
  context_length: 200000,
  max_output_tokens: 0,
  input_modalities: 'text,image',
  status: 0,
  sync_official: 0,
  name_rule: 1,
});

describe('comma lists', () => {
  it('split trimmed, without blanks or repeats, and join back', () => {
    expect(splitCommaList(' a, b,,a ,c ')).toEqual(['a', 'b', 'c']);
    expect(joinCommaList(['x ', 'y', 'x', ''])).toBe('x,y');
  });
});

describe('modelFormValues and modelPayload', () => {
  it('a new model starts enabled, synced, exact, named when given', () => {
    const values = modelFormValues(null, 'qwen-max');
    expect(values).toMatchObject({
      model_name: 'qwen-max',
      enabled: true,
      sync_official: true,
      name_rule: 0,
      vendor_id: undefined,
      context_length: null,
      tags: [],
    });
    expect(modelPayload(values)).not.toHaveProperty('id');
  });
  it('a stored row goes to the form and back with every column, zero values included', () => {
    const values = modelFormValues(stored);
    expect(values).toMatchObject({
      tags: ['chat', 'long-context'],
      vendor_id: undefined,
      context_length: 200000,
      max_output_tokens: null,
      input_modalities: ['text', 'image'],
      enabled: false,
      sync_official: false,
      name_rule: 1,
    });
    expect(modelPayload(values, 9)).toEqual({
      id: 9,
      model_name: 'claude-3',
      description: 'Good at text',
      icon: '',
      tags: 'chat,long-context',
      vendor_id: 0,
      endpoints: '{"anthropic":{"path":"/v1/messages","method":"POST"}}',
      context_length: 200000,
      max_output_tokens: 0,
      knowledge_cutoff: '',
      release_date: '',
      parameter_count: '',
      input_modalities: 'text,image',
      output_modalities: '',
      status: 0,
      sync_official: 0,
      name_rule: 1,
    });
  });
  it('whole positive numbers only, trimmed texts', () => {
    const values = {
      ...modelFormValues(null, '  m  '),
      context_length: 1234.7,
      max_output_tokens: -5,
      vendor_id: 3,
    };
    expect(modelPayload(values)).toMatchObject({
      model_name: 'm',
      context_length: 1234,
      max_output_tokens: 0,
      vendor_id: 3,
      status: 1,
      sync_official: 1,
    });
  });
});

describe('modelFormProblem', () => {
  it('needs a name and JSON endpoints', () => {
    expect(modelFormProblem(modelFormValues(null, ' '))).toBe('name-required');
    expect(modelFormProblem({ ...modelFormValues(null, 'm'), endpoints: '{oops' })).toBe(
      'endpoints-json',
    );
    expect(modelFormProblem(modelFormValues(null, 'm'))).toBeNull();
  });
  it('accepts empty, object and array endpoints, nothing else', () => {
    expect(isEndpointsText('')).toBe(true);
    expect(isEndpointsText('{"openai":{}}')).toBe(true);
    expect(isEndpointsText('["openai"]')).toBe(true);
    expect(isEndpointsText('"openai"')).toBe(false);
    expect(isEndpointsText('null')).toBe(false);
  });
});
