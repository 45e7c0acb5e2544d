import { replyText } from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayFixture } from '../support/relay-fixture.js';
import { setUpProviderChannels } from '../support/provider-channels.js';
import { appDatabaseKinds } from '../support/test-databases.js';

/** OpenAI-format calls served by an Anthropic channel (type 14): converted both ways, billed with cache tokens. */
describe.each(appDatabaseKinds())('an Anthropic channel behind the OpenAI API on %s', (kind) => {
  let fixture: RelayFixture;
  beforeAll(async () => {
    ({ fixture } = await setUpProviderChannels(kind, {
      ratios: { 'claude-cached': 0.4 },
      channels: [
        {
          name: 'anthropic',
          type: 14,
          key: 'sk-ant-upstream',
          models: 'claude-3-5-haiku-20241022,claude-cached',
          model_mapping: JSON.stringify({
            'claude-cached': 'claude-3-5-haiku-20241022@cached-tokens=40,cache-creation-tokens=10',
          }),
        },
      ],
    }));
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('converts a plain chat call to the Messages API and the answer back', async () => {
    const completion = await fixture.client.chat.completions.create(
      {
        model: 'claude-3-5-haiku-20241022',
        messages: [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'Hello Claude' },
        ],
        max_tokens: 100,
      },
      // Anthropic's beta switches reach the channel from an OpenAI-format call too.
      { headers: { 'anthropic-beta': 'output-128k-2025-02-19' } },
    );
    expect(completion.choices[0].message.content).toBe(replyText(3));
    expect(completion.choices[0].finish_reason).toBe('stop');
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/v1/messages');
    expect(upstream.headers['x-api-key']).toBe('sk-ant-upstream');
    expect(upstream.headers['anthropic-version']).toBe('2023-06-01');
    expect(upstream.headers['anthropic-beta']).toBe('output-128k-2025-02-19');
    expect(upstream.body).toMatchObject({
      model: 'claude-3-5-haiku-20241022',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'Hello Claude' }],
    });
    expect(JSON.stringify((upstream.body as { system: unknown }).system)).toContain('Be brief.');
  });

  it('streams the converted events as OpenAI chunks', async () => {
    const stream = await fixture.client.chat.completions.create({
      model: 'claude-3-5-haiku-20241022',
      messages: [{ role: 'user', content: 'Stream it' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let usage: { completion_tokens: number } | undefined;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta?.content ?? '';
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe(replyText(3));
    expect(usage?.completion_tokens).toBe(6);
  });

  it('answers a json_schema response_format with the JSON, plain and streamed', async () => {
    const response_format = {
      type: 'json_schema' as const,
      json_schema: {
        name: 'city',
        schema: {
          type: 'object',
          properties: { city: { type: 'string' }, population: { type: 'integer' } },
          required: ['city', 'population'],
        },
      },
    };
    const request = {
      model: 'claude-3-5-haiku-20241022',
      messages: [{ role: 'user' as const, content: 'The largest city of France, as JSON' }],
      response_format,
    };
    const completion = await fixture.client.chat.completions.create(request);
    // The mock answers the forced tool with "mock" strings and 1 for numbers.
    expect(JSON.parse(completion.choices[0].message.content!)).toEqual({
      city: 'mock',
      population: 1,
    });
    expect(completion.choices[0].message.tool_calls).toBeUndefined();
    expect(completion.choices[0].finish_reason).toBe('stop');
    const upstream = fixture.mock.lastRequest()!.body as Record<string, unknown>;
    expect(upstream.tool_choice).toEqual({ type: 'tool', name: 'city' });
    expect(upstream.tools).toEqual([
      expect.objectContaining({ name: 'city', input_schema: response_format.json_schema.schema }),
    ]);

    const stream = await fixture.client.chat.completions.create({ ...request, stream: true });
    let text = '';
    let deltas = 0;
    let finishReason: string | null = null;
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      expect(choice?.delta?.tool_calls).toBeUndefined();
      if (choice?.delta?.content) deltas += 1;
      text += choice?.delta?.content ?? '';
      finishReason = choice?.finish_reason ?? finishReason;
    }
    expect(JSON.parse(text)).toEqual({ city: 'mock', population: 1 });
    expect(deltas).toBeGreaterThan(1);
    expect(finishReason).toBe('stop');
  });

  it('answers a json_object response_format with exactly the object Claude wrote, plain and streamed', async () => {
    // Keys no schema names: the mock's tool input is the object after MOCK_TOOL_INPUT.
    const answer = { verdict: 'yes', score: 0.75, tags: ['a', 'b'], detail: { ok: true, n: null } };
    const request = {
      model: 'claude-3-5-haiku-20241022',
      messages: [
        {
          role: 'user' as const,
          content: `Reply in JSON. MOCK_TOOL_INPUT ${JSON.stringify(answer)}`,
        },
      ],
      response_format: { type: 'json_object' as const },
    };
    const completion = await fixture.client.chat.completions.create(request);
    const content = completion.choices[0].message.content!;
    expect(content).toBe(JSON.stringify(answer));
    expect(completion.choices[0].message.tool_calls).toBeUndefined();
    expect(completion.choices[0].finish_reason).toBe('stop');
    const upstream = fixture.mock.lastRequest()!.body as Record<string, unknown>;
    expect(upstream.tool_choice).toEqual({ type: 'tool', name: 'json_response' });
    expect(upstream.tools).toEqual([
      {
        name: 'json_response',
        description: expect.stringContaining('whole final answer'),
        input_schema: { type: 'object', additionalProperties: true },
      },
    ]);

    const stream = await fixture.client.chat.completions.create({ ...request, stream: true });
    let text = '';
    let finishReason: string | null = null;
    for await (const chunk of stream) {
      expect(chunk.choices[0]?.delta?.tool_calls).toBeUndefined();
      text += chunk.choices[0]?.delta?.content ?? '';
      finishReason = chunk.choices[0]?.finish_reason ?? finishReason;
    }
    expect(JSON.parse(text)).toEqual(answer);
    expect(finishReason).toBe('stop');
  });

  it('bills cache reads and writes at their ratios and logs them', async () => {
    const before = await fixture.userQuota();
    const completion = await fixture.client.chat.completions.create({
      model: 'claude-cached',
      messages: [{ role: 'user', content: 'A question that hits the prompt cache' }],
    });
    const logs = await fixture.consumeLogs();
    const log = logs[logs.length - 1];
    const other = JSON.parse(String(log.other));
    expect(other.cache_tokens).toBe(40);
    expect(other.cache_creation_tokens).toBe(10);
    expect(completion.usage?.prompt_tokens_details?.cached_tokens).toBe(40);
    // prompt_tokens is the total input: uncached + cache reads + cache writes.
    const prompt = Number(log.prompt_tokens);
    const expected = Math.round(
      (prompt -
        40 -
        10 +
        40 * other.cache_ratio +
        10 * other.cache_creation_ratio +
        Number(log.completion_tokens) * other.completion_ratio) *
        0.4 *
        other.group_ratio,
    );
    expect(Number(log.quota)).toBe(expected);
    expect(before - (await fixture.userQuota())).toBe(expected);
  });
});
