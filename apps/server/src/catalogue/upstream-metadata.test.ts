import { describe, expect, it } from 'vitest';
import { upstreamModels, upstreamVendors, UpstreamShapeError } from './upstream-metadata.js';

describe('official metadata files', () => {
  it('reads an envelope and a bare array alike', () => {
    const items = [{ model_name: 'gpt-4o' }];
    expect([...upstreamModels({ success: true, data: items }).keys()]).toEqual(['gpt-4o']);
    expect([...upstreamModels(items).keys()]).toEqual(['gpt-4o']);
  });

  it('refuses a failed envelope and anything that is not a list', () => {
    expect(() => upstreamModels({ success: false, message: 'down' })).toThrow(/down/);
    expect(() => upstreamModels({ data: 'x' })).toThrow(UpstreamShapeError);
    expect(() => upstreamModels('x')).toThrow(UpstreamShapeError);
  });

  it('fills missing fields, keeps absent details absent and reads lists and numbers leniently', () => {
    const models = upstreamModels([
      { model_name: 'bare' },
      {
        model_name: ' full ',
        description: 'A model',
        tags: ['chat', 'vision', 3],
        vendor_name: 'OpenAI',
        endpoints: { openai: { path: '/v1/chat/completions', method: 'POST' } },
        name_rule: 1,
        status: 0,
        context_length: '128000',
        max_output_tokens: 4096.7,
        knowledge_cutoff: '2024-06',
        parameter_count: 70,
        input_modalities: ['text', 'image'],
        output_modalities: 'text',
      },
      { model_name: '' },
      { description: 'nameless' },
      'not an object',
      { model_name: 'bad-rule', name_rule: 7, endpoints: 'not json' },
    ]);
    expect(models.get('bare')).toEqual({
      model_name: 'bare',
      description: '',
      icon: '',
      tags: '',
      vendor_name: '',
      endpoints: '',
      name_rule: 0,
      status: 1,
      context_length: undefined,
      max_output_tokens: undefined,
      knowledge_cutoff: undefined,
      release_date: undefined,
      parameter_count: undefined,
      input_modalities: undefined,
      output_modalities: undefined,
    });
    expect(models.get('full')).toMatchObject({
      tags: 'chat,vision,3',
      vendor_name: 'OpenAI',
      endpoints: '{"openai":{"path":"/v1/chat/completions","method":"POST"}}',
      name_rule: 1,
      status: 0,
      context_length: 128000,
      max_output_tokens: 4096,
      knowledge_cutoff: '2024-06',
      parameter_count: '70',
      input_modalities: 'text,image',
      output_modalities: 'text',
    });
    expect(models.get('bad-rule')).toMatchObject({ name_rule: 0, endpoints: '' });
    expect([...models.keys()]).toEqual(['bare', 'full', 'bad-rule']);
  });

  it('cuts texts to their column widths', () => {
    const [model] = upstreamModels([{ model_name: 'm', icon: 'i'.repeat(300) }]).values();
    expect(model?.icon).toHaveLength(128);
  });

  it('reads vendors', () => {
    expect(upstreamVendors({ data: [{ name: 'OpenAI', icon: 'OpenAI' }, { icon: 'x' }] })).toEqual(
      new Map([['OpenAI', { name: 'OpenAI', description: '', icon: 'OpenAI', status: 1 }]]),
    );
  });
});
