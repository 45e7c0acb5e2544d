/**
 * `GET /api/pricing` with the model catalogue: each model's metadata from the enabled row that
 * describes it best, its endpoint types (the row's own or the channels'), the vendors of the
 * listed models, the endpoint paths; a catalogue write is seen on the next load.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelFixtures } from '../support/channel-fixtures.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { appDatabaseKinds } from '../support/test-databases.js';

interface PricingRow {
  model_name: string;
  description?: string;
  icon?: string;
  tags?: string;
  vendor_id?: number;
  supported_endpoint_types: string[];
}

describe.each(appDatabaseKinds())('pricing with the model catalogue on %s', (kind) => {
  let harness: TestApp;
  let root: Session;
  const { create } = channelFixtures(
    () => harness,
    () => root,
  );

  const call = (method: string, url: string, body?: unknown) =>
    harness.call(root, method, url, body).then((response) => response.json());

  async function pricing() {
    const response = await harness.app.inject({ method: 'GET', url: '/api/pricing' });
    return response.json<{
      data: PricingRow[];
      vendors: unknown[];
      supported_endpoint: Record<string, unknown>;
    }>();
  }
  const row = (body: { data: PricingRow[] }, name: string) =>
    body.data.find((entry) => entry.model_name === name);

  beforeAll(async () => {
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
    expect(
      (await create({ name: 'oa', models: 'gpt-4o,gpt-4o-mini,text-embedding-3-small' })).success,
    ).toBe(true);
    expect((await create({ name: 'an', type: 14, models: 'claude-3-haiku' })).success).toBe(true);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('derives endpoint types from the channel types when no row describes a model', async () => {
    const body = await pricing();
    expect(row(body, 'gpt-4o')).toEqual({
      model_name: 'gpt-4o',
      quota_type: 0,
      model_ratio: 1.25,
      model_price: 0,
      owner_by: '',
      completion_ratio: 4,
      enable_groups: ['default'],
      supported_endpoint_types: ['openai'],
    });
    expect(row(body, 'claude-3-haiku')?.supported_endpoint_types).toEqual(['anthropic', 'openai']);
    expect(row(body, 'text-embedding-3-small')?.supported_endpoint_types).toEqual(['embeddings']);
    expect(body.vendors).toEqual([]);
    expect(body.supported_endpoint).toEqual({
      openai: { path: '/v1/chat/completions', method: 'POST' },
      anthropic: { path: '/v1/messages', method: 'POST' },
      embeddings: { path: '/v1/embeddings', method: 'POST' },
    });
  });

  it('adds the best enabled row metadata and its vendors at once after a catalogue write', async () => {
    const openai = (await call('POST', '/api/vendors/', { name: 'OpenAI', icon: 'OpenAI' })).data;
    await call('POST', '/api/vendors/', { name: 'Unused' });
    await call('POST', '/api/models/', {
      model_name: 'gpt-4o',
      name_rule: 1,
      description: 'GPT-4o family',
      tags: 'chat',
      vendor_id: openai.id,
    });
    await call('POST', '/api/models/', {
      model_name: 'gpt-4o-mini',
      description: 'Small and cheap',
      icon: 'OpenAI.Color',
      endpoints:
        '{"openai":{"path":"/v1/chat/completions","method":"POST"},"openai-response":{"path":"/custom/responses","method":"POST"}}',
    });
    const disabled = (
      await call('POST', '/api/models/', {
        model_name: 'claude',
        name_rule: 1,
        description: 'hidden',
      })
    ).data;
    await call('PUT', '/api/models/?status_only=true', { id: disabled.id, status: 0 });

    const body = await pricing();
    expect(row(body, 'gpt-4o')).toMatchObject({
      description: 'GPT-4o family',
      tags: 'chat',
      vendor_id: openai.id,
      supported_endpoint_types: ['openai'],
    });
    expect(row(body, 'gpt-4o')).not.toHaveProperty('icon');
    expect(row(body, 'gpt-4o-mini')).toMatchObject({
      description: 'Small and cheap',
      icon: 'OpenAI.Color',
      supported_endpoint_types: ['openai', 'openai-response'],
    });
    expect(row(body, 'gpt-4o-mini')).not.toHaveProperty('vendor_id');
    expect(row(body, 'claude-3-haiku')).not.toHaveProperty('description');
    expect(body.vendors).toEqual([
      { id: openai.id, name: 'OpenAI', description: '', icon: 'OpenAI' },
    ]);
    expect(body.supported_endpoint['openai-response']).toEqual({
      path: '/custom/responses',
      method: 'POST',
    });
  });
});
