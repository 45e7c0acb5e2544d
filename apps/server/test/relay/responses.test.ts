import { replyText } from '@tollgate/mock-upstream';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { appDatabaseKinds } from '../support/test-databases.js';

/** The quota a log row's own numbers give (every charge is reproducible from its log). */
function quotaFromLog(row: Record<string, unknown>): number {
  const other = JSON.parse(String(row.other));
  const prompt = Number(row.prompt_tokens);
  const completion = Number(row.completion_tokens);
  const cached = other.cache_tokens ?? 0;
  const creation = other.cache_creation_tokens ?? 0;
  const weighted =
    prompt -
    cached -
    creation +
    cached * other.cache_ratio +
    creation * other.cache_creation_ratio +
    completion * other.completion_ratio;
  return Math.max(1, Math.round(weighted * other.model_ratio * other.group_ratio));
}

const WEATHER_TOOL = {
  type: 'function' as const,
  name: 'get_weather',
  description: 'The weather in a city',
  parameters: {
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
    additionalProperties: false,
  },
  strict: true,
};

const PERSON_FORMAT = {
  format: {
    type: 'json_schema' as const,
    name: 'person',
    schema: {
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
      additionalProperties: false,
    },
    strict: true,
  },
};

/** Where a model is served, and how the upstream call must look. */
interface Route {
  label: string;
  model: string;
  upstreamPath: string;
  passThrough: boolean;
}

const ROUTES: Route[] = [
  {
    label: 'an OpenAI channel (pass-through)',
    model: 'gpt-4o-mini',
    upstreamPath: '/v1/responses',
    passThrough: true,
  },
  {
    label: 'an Anthropic channel (converted)',
    model: 'claude-3-5-haiku-20241022',
    upstreamPath: '/v1/messages',
    passThrough: false,
  },
  {
    label: 'a DeepSeek channel (converted to chat)',
    model: 'deepseek-chat',
    upstreamPath: '/v1/chat/completions',
    passThrough: false,
  },
];

describe.each(appDatabaseKinds())('the OpenAI Responses API on %s', (kind) => {
  let fixture: RelayFixture;
  let azureChannel: number;
  beforeAll(async () => {
    fixture = await createRelayFixture(kind);
    await fixture.addChannel({
      name: 'anthropic',
      type: 14,
      key: 'sk-ant',
      models: 'claude-3-5-haiku-20241022',
    });
    await fixture.addChannel({ name: 'deepseek', type: 43, key: 'sk-ds', models: 'deepseek-chat' });
    azureChannel = await fixture.addChannel({
      name: 'azure',
      type: 3,
      key: 'azure-key',
      models: 'azure-gpt',
    });
    const options = fixture.harness.runtime.context.options;
    const ratios = JSON.parse(options.get('ModelRatio'));
    await options.update(
      'ModelRatio',
      JSON.stringify({ ...ratios, 'deepseek-chat': 0.2, 'azure-gpt': 0.3 }),
    );
  });
  afterAll(async () => {
    await fixture?.close();
  });

  /** Runs `call`, then checks the balance dropped by exactly the last log row's quota. */
  async function billedExactly(call: () => Promise<void>): Promise<Record<string, unknown>> {
    const before = await fixture.userQuota();
    await call();
    const after = await fixture.userQuota();
    const logs = await fixture.consumeLogs();
    const row = logs[logs.length - 1];
    expect(Number(row.quota)).toBeGreaterThan(0);
    expect(before - after).toBe(Number(row.quota));
    expect(Number(row.quota)).toBe(quotaFromLog(row));
    expect(JSON.parse(String(row.other)).inbound_format).toBe('openai-responses');
    return row;
  }

  describe.each(ROUTES)('on $label', (route) => {
    it('answers a plain request with a Response', async () => {
      const row = await billedExactly(async () => {
        const response = await fixture.client.responses.create({
          model: route.model,
          instructions: 'Be brief.',
          input: 'Hello over the Responses API',
          max_output_tokens: 200,
          temperature: 0.5,
        });
        expect(response.object).toBe('response');
        expect(response.id).toMatch(/^resp_/);
        expect(response.status).toBe('completed');
        expect(response.output_text).toBe(replyText(3));
        expect(response.usage?.output_tokens).toBe(6);
      });
      expect(row.is_stream).toBeFalsy();
      const upstream = fixture.mock.lastRequest()!;
      expect(upstream.path).toBe(route.upstreamPath);
      const body = upstream.body as Record<string, unknown>;
      if (route.passThrough) {
        expect(body).toMatchObject({
          input: 'Hello over the Responses API',
          max_output_tokens: 200,
        });
      } else if (route.upstreamPath === '/v1/messages') {
        expect(body).toMatchObject({
          max_tokens: 200,
          messages: [{ role: 'user', content: 'Hello over the Responses API' }],
        });
      } else {
        expect(body).toMatchObject({
          max_tokens: 200,
          temperature: 0.5,
          messages: [
            { role: 'system', content: 'Be brief.' },
            { role: 'user', content: 'Hello over the Responses API' },
          ],
        });
      }
    });

    it('streams the full event sequence the SDK parses', async () => {
      const types: string[] = [];
      const sequence: number[] = [];
      let text = '';
      await billedExactly(async () => {
        const stream = await fixture.client.responses.create({
          model: route.model,
          input: [{ role: 'user', content: [{ type: 'input_text', text: 'Stream it please' }] }],
          stream: true,
        });
        for await (const event of stream) {
          types.push(event.type);
          sequence.push(event.sequence_number);
          if (event.type === 'response.output_text.delta') text += event.delta;
          if (event.type === 'response.completed') {
            expect(event.response.usage?.output_tokens).toBe(6);
            expect(event.response.output[0]).toMatchObject({ type: 'message' });
          }
        }
      });
      expect(text).toBe(replyText(3));
      expect(types.slice(0, 4)).toEqual([
        'response.created',
        'response.in_progress',
        'response.output_item.added',
        'response.content_part.added',
      ]);
      expect(types.slice(-4)).toEqual([
        'response.output_text.done',
        'response.content_part.done',
        'response.output_item.done',
        'response.completed',
      ]);
      expect(sequence).toEqual(sequence.map((_, index) => index));
      const logs = await fixture.consumeLogs();
      expect(logs[logs.length - 1].is_stream).toBeTruthy();
    });

    it('calls a function tool, plain and streamed, and takes its output back', async () => {
      let callId = '';
      await billedExactly(async () => {
        const response = await fixture.client.responses.create({
          model: route.model,
          input: 'What is the weather in Paris?',
          tools: [WEATHER_TOOL],
          tool_choice: 'required',
        });
        const call = response.output.find((item) => item.type === 'function_call');
        expect(call).toMatchObject({ type: 'function_call', name: 'get_weather' });
        expect(JSON.parse((call as { arguments: string }).arguments)).toEqual({ city: 'mock' });
        callId = (call as { call_id: string }).call_id;
      });
      let args = '';
      let done = '';
      await billedExactly(async () => {
        const stream = fixture.client.responses.stream({
          model: route.model,
          input: 'What is the weather in Paris?',
          tools: [WEATHER_TOOL],
        });
        stream.on('response.function_call_arguments.delta', (event) => {
          args += event.delta;
        });
        stream.on('response.function_call_arguments.done', (event) => {
          done = event.arguments;
        });
        const final = await stream.finalResponse();
        expect(final.output.some((item) => item.type === 'function_call')).toBe(true);
      });
      expect(args).toBe('{"city":"mock"}');
      expect(done).toBe(args);

      await billedExactly(async () => {
        const response = await fixture.client.responses.create({
          model: route.model,
          input: [
            { role: 'user', content: 'What is the weather in Paris?' },
            {
              type: 'function_call',
              call_id: callId,
              name: 'get_weather',
              arguments: '{"city":"Paris"}',
            },
            { type: 'function_call_output', call_id: callId, output: 'Sunny, 21 °C' },
          ],
          tools: [WEATHER_TOOL],
          tool_choice: 'none',
        });
        expect(response.output_text).toBe(replyText(3));
      });
      const upstream = fixture.mock.lastRequest()!.body as Record<string, unknown>;
      if (route.upstreamPath === '/v1/chat/completions') {
        expect(upstream.messages).toEqual([
          { role: 'user', content: 'What is the weather in Paris?' },
          {
            role: 'assistant',
            content: null,
            tool_calls: [
              {
                id: callId,
                type: 'function',
                function: { name: 'get_weather', arguments: '{"city":"Paris"}' },
              },
            ],
          },
          { role: 'tool', tool_call_id: callId, content: 'Sunny, 21 °C' },
        ]);
        expect(upstream.tool_choice).toBe('none');
      }
    });

    it('asks for structured output', async () => {
      await billedExactly(async () => {
        const response = await fixture.client.responses.create({
          model: route.model,
          input: 'Name a person',
          text: PERSON_FORMAT,
          reasoning: route.passThrough ? undefined : { effort: 'low' },
        });
        expect(response.status).toBe('completed');
        // The mock fills a schema with "mock" strings: the answer is the format's JSON.
        if (route.upstreamPath === '/v1/messages') {
          expect(JSON.parse(response.output_text)).toEqual({ name: 'mock' });
        }
      });
      const upstream = fixture.mock.lastRequest()!.body as Record<string, unknown>;
      if (route.upstreamPath === '/v1/messages') {
        // Anthropic has no response format: Claude is made to call a tool taking the schema.
        expect(upstream.tools).toEqual([
          expect.objectContaining({ name: 'person', input_schema: PERSON_FORMAT.format.schema }),
        ]);
        expect(upstream.tool_choice).toEqual({ type: 'tool', name: 'person' });
      }
      if (route.passThrough) expect(upstream.text).toEqual(PERSON_FORMAT);
      if (route.upstreamPath === '/v1/chat/completions') {
        expect(upstream.response_format).toEqual({
          type: 'json_schema',
          json_schema: { name: 'person', schema: PERSON_FORMAT.format.schema, strict: true },
        });
        expect(upstream.reasoning_effort).toBe('low');
      }
    });
  });

  it('passes previous_response_id through, and refuses it on converted channels', async () => {
    const first = await fixture.client.responses.create({
      model: 'gpt-4o-mini',
      input: 'Remember me',
    });
    const second = await fixture.client.responses.create({
      model: 'gpt-4o-mini',
      input: 'Who am I?',
      previous_response_id: first.id,
    });
    expect(second.output_text).toBe(replyText(3));
    expect((fixture.mock.lastRequest()!.body as Record<string, unknown>).previous_response_id).toBe(
      first.id,
    );

    const refused = await fixture.client.responses
      .create({ model: 'deepseek-chat', input: 'Who am I?', previous_response_id: first.id })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OpenAI.BadRequestError);
    expect((refused as InstanceType<typeof OpenAI.BadRequestError>).error).toMatchObject({
      type: 'invalid_request_error',
      param: 'previous_response_id',
    });
  });

  it('sends Azure calls to its v1 Responses path with the channel key', async () => {
    await billedExactly(async () => {
      const response = await fixture.client.responses.create({
        model: 'azure-gpt',
        input: 'Hi Azure',
      });
      expect(response.output_text).toBe(replyText(3));
    });
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/openai/v1/responses');
    expect(upstream.headers['api-key']).toBe('azure-key');
  });

  it('answers errors in the OpenAI shape', async () => {
    const missing = await fixture.client.responses
      .create({ model: 'no-such-model', input: 'x' })
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(OpenAI.APIError);
    expect((missing as InstanceType<typeof OpenAI.APIError>).code).toBe('model_not_found');
    const badTool = await fixture.client.responses
      .create({ model: 'deepseek-chat', input: 'x', tools: [{ type: 'web_search' }] })
      .catch((error: unknown) => error);
    expect(badTool).toBeInstanceOf(OpenAI.BadRequestError);
    expect((badTool as InstanceType<typeof OpenAI.BadRequestError>).message).toContain(
      'web_search',
    );
    const upstreamError = await fixture.client.responses
      .create({ model: 'gpt-4o-mini', input: [] })
      .catch((error: unknown) => error);
    expect(upstreamError).toBeInstanceOf(OpenAI.BadRequestError);
  });

  it('retrieves, lists the input of and deletes a stored response on the channel that holds it', async () => {
    const created = await fixture.client.responses.create({
      model: 'gpt-4o-mini',
      input: 'Keep this',
    });
    // Two channels of the group serve the Responses API (OpenAI and Azure): the id alone is ambiguous.
    const ambiguous = await fixture.client.responses
      .retrieve(created.id)
      .catch((error: unknown) => error);
    expect(ambiguous).toBeInstanceOf(OpenAI.BadRequestError);
    expect((ambiguous as Error).message).toContain('sk-<key>-<channelId>');

    const pinned = new OpenAI({
      apiKey: `${fixture.apiKey}-${fixture.channelId}`,
      baseURL: `${fixture.url}/v1`,
      maxRetries: 0,
      defaultHeaders: { 'OpenAI-Beta': 'responses=experimental' },
    });
    const retrieved = await pinned.responses.retrieve(created.id);
    expect(retrieved.id).toBe(created.id);
    // The client's OpenAI-Beta reaches upstream on this route as on the relayed ones.
    expect(fixture.mock.lastRequest()!.headers['openai-beta']).toBe('responses=experimental');
    await pinned.responses.create({ model: 'gpt-4o-mini', input: 'Again' });
    expect(fixture.mock.lastRequest()!.headers['openai-beta']).toBe('responses=experimental');
    await pinned.chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(fixture.mock.lastRequest()).toMatchObject({
      path: '/v1/chat/completions',
      headers: { 'openai-beta': 'responses=experimental' },
    });
    expect(retrieved.output_text).toBe(replyText(3));
    const items = await pinned.responses.inputItems.list(created.id);
    expect(items.data[0]).toMatchObject({ type: 'message', role: 'user' });
    await pinned.responses.delete(created.id);
    expect(fixture.mock.lastRequest()).toMatchObject({
      method: 'DELETE',
      path: `/v1/responses/${created.id}`,
    });
    const gone = await pinned.responses.retrieve(created.id).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(OpenAI.NotFoundError);

    const azurePinned = new OpenAI({
      apiKey: `${fixture.apiKey}-${azureChannel}`,
      baseURL: `${fixture.url}/v1`,
      maxRetries: 0,
    });
    const onAzure = await azurePinned.responses
      .retrieve('resp_unknown')
      .catch((error: unknown) => error);
    expect(onAzure).toBeInstanceOf(OpenAI.NotFoundError);
    expect(fixture.mock.lastRequest()!.path).toBe('/openai/v1/responses/resp_unknown');
  });

  it('maps the model on pass-through and bills cached and reasoning tokens', async () => {
    await fixture.controlledModel('resp-cached', 'cached-tokens=3,reasoning-tokens=2');
    const row = await billedExactly(async () => {
      const response = await fixture.client.responses.create({
        model: 'resp-cached',
        input: 'Cache me: a prompt long enough to hold three cached tokens',
      });
      expect(response.usage?.input_tokens_details.cached_tokens).toBe(3);
      expect(response.usage?.output_tokens_details.reasoning_tokens).toBe(2);
    });
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/v1/responses');
    expect((upstream.body as Record<string, unknown>).model).toBe(
      'gpt-4o-mini@cached-tokens=3,reasoning-tokens=2',
    );
    const other = JSON.parse(String(row.other));
    expect(other).toMatchObject({ cache_tokens: 3, is_model_mapped: true });
    expect(Number(row.completion_tokens)).toBe(8);
  });

  it('bills what a pass-through stream produced before upstream failed', async () => {
    await fixture.controlledModel('resp-midstream', 'error-midstream=2');
    const before = await fixture.userQuota();
    let text = '';
    const types: string[] = [];
    const stream = await fixture.client.responses.create({
      model: 'resp-midstream',
      input: 'Break',
      stream: true,
    });
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === 'response.output_text.delta') text += event.delta;
    }
    expect(types[types.length - 1]).toBe('error');
    expect(types).not.toContain('response.completed');
    expect(text.length).toBeGreaterThan(0);
    const logs = await fixture.consumeLogs();
    const row = logs[logs.length - 1];
    expect(row.model_name).toBe('resp-midstream');
    expect(before - (await fixture.userQuota())).toBe(Number(row.quota));
    expect(Number(row.quota)).toBe(quotaFromLog(row));
  });

  it('retries on the next channel, converting the call for a channel without the Responses API', async () => {
    const options = fixture.harness.runtime.context.options;
    await options.update(
      'ModelRatio',
      JSON.stringify({ ...JSON.parse(options.get('ModelRatio')), 'resp-retry': 0.1 }),
    );
    await options.update('RetryTimes', '1');
    const broken = await fixture.addChannel({
      name: 'retry-openai',
      models: 'resp-retry',
      priority: 10,
      base_url: 'http://127.0.0.1:9',
    });
    const backup = await fixture.addChannel({
      name: 'retry-deepseek',
      type: 43,
      models: 'resp-retry',
      priority: 0,
    });
    try {
      const row = await billedExactly(async () => {
        const response = await fixture.client.responses.create({
          model: 'resp-retry',
          input: 'Try twice',
        });
        expect(response.output_text).toBe(replyText(3));
      });
      expect(JSON.parse(String(row.other)).admin_info.use_channel).toEqual([
        String(broken),
        String(backup),
      ]);
      expect(row.channel_id).toBe(backup);
      expect(fixture.mock.lastRequest()!.path).toBe('/v1/chat/completions');
    } finally {
      await options.update('RetryTimes', '0');
    }
  });

  it('auto-disables a Responses channel whose key upstream rejects', async () => {
    const options = fixture.harness.runtime.context.options;
    await options.update(
      'ModelRatio',
      JSON.stringify({ ...JSON.parse(options.get('ModelRatio')), 'resp-bad-key': 1 }),
    );
    await options.update('AutomaticDisableChannelEnabled', 'true');
    const channel = await fixture.addChannel({
      name: 'resp-bad-key',
      key: 'sk-invalid',
      models: 'resp-bad-key',
    });
    try {
      const refused = await fixture.client.responses
        .create({ model: 'resp-bad-key', input: 'x' })
        .catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(OpenAI.AuthenticationError);
      let status = 1;
      for (let attempt = 0; attempt < 40 && status === 1; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const row = await fixture.harness.runtime.context.database.db
          .selectFrom('channels')
          .select('status')
          .where('id', '=', channel)
          .executeTakeFirstOrThrow();
        status = row.status;
      }
      expect(status).not.toBe(1);
    } finally {
      await options.update('AutomaticDisableChannelEnabled', 'false');
    }
  });
});
