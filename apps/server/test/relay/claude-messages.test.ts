import Anthropic from '@anthropic-ai/sdk';
import {
  MOCK_REASONING,
  MOCK_THINKING_SIGNATURE,
  parseEventStream,
  replyText,
} from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countChatPromptTokens } from '../../src/billing/index.js';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const CLAUDE = 'claude-3-5-haiku-20241022';
const WEATHER_TOOL = {
  name: 'get_weather',
  description: 'Weather of a city',
  input_schema: {
    type: 'object' as const,
    properties: { city: { type: 'string' } },
    required: ['city'],
  },
};
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/**
 * `@anthropic-ai/sdk` against a running Tollgate: Claude Messages calls on a Claude channel
 * (passed through untouched) and on an OpenAI channel (converted both ways), each billed like a
 * chat call: the balance drops by exactly the logged quota.
 */
describe.each(appDatabaseKinds())('Claude Messages clients on %s', (kind) => {
  let fixture: RelayFixture;
  let client: Anthropic;

  beforeAll(async () => {
    fixture = await createRelayFixture(kind);
    await fixture.addChannel({
      name: 'anthropic',
      type: 14,
      key: 'sk-ant-upstream',
      models: `${CLAUDE},claude-cached`,
      model_mapping: JSON.stringify({
        'claude-cached': `${CLAUDE}@cached-tokens=40,cache-creation-tokens=10`,
      }),
    });
    await fixture.controlledModel('gpt-failing', 'status=500');
    await fixture.controlledModel('gpt-midstream', 'error-midstream=2');
    await fixture.controlledModel('gpt-no-usage', 'omit-usage');
    await fixture.addChannel({
      name: 'anthropic-midstream',
      type: 14,
      models: 'claude-midstream',
      model_mapping: JSON.stringify({ 'claude-midstream': `${CLAUDE}@error-midstream=2` }),
    });
    const options = fixture.harness.runtime.context.options;
    const ratios = JSON.parse(options.get('ModelRatio'));
    await options.update(
      'ModelRatio',
      JSON.stringify({ ...ratios, 'claude-cached': 0.4, 'claude-midstream': 0.4 }),
    );
    await options.update('RetryTimes', '0');
    client = new Anthropic({ apiKey: fixture.apiKey, baseURL: fixture.url, maxRetries: 0 });
    // Six channels and a fresh database: slow on a busy MySQL.
  }, 60_000);
  afterAll(async () => {
    await fixture?.close();
  });

  /** Runs a call; checks that the balance dropped by exactly its logged quota; returns the row. */
  async function billed(call: () => Promise<unknown>) {
    const before = await fixture.userQuota();
    const logsBefore = (await fixture.consumeLogs()).length;
    await call();
    const logs = await fixture.consumeLogs();
    expect(logs.length).toBe(logsBefore + 1);
    const log = logs[logs.length - 1];
    expect(Number(log.quota)).toBeGreaterThan(0);
    expect(before - (await fixture.userQuota())).toBe(Number(log.quota));
    const other = JSON.parse(String(log.other));
    expect(other.claude).toBe(true);
    return { log, other };
  }

  async function raw(body: unknown, headers: Record<string, string> = {}) {
    return fetch(`${fixture.url}/v1/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': fixture.apiKey, ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  }

  describe('on a Claude channel', () => {
    it('forwards the body and headers untouched and relays the answer', async () => {
      const body = {
        model: CLAUDE,
        max_tokens: 100,
        system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
        messages: [{ role: 'user', content: 'Hello Claude' }],
        metadata: { user_id: 'user-42' },
        some_future_field: { kept: true },
      };
      let message: Anthropic.Message | undefined;
      const { log } = await billed(async () => {
        message = await client.messages.create(body as Anthropic.MessageCreateParamsNonStreaming, {
          headers: { 'anthropic-beta': 'prompt-caching-2024-07-31' },
        });
      });
      const upstream = fixture.mock.lastRequest()!;
      expect(upstream.path).toBe('/v1/messages');
      expect(upstream.body).toEqual(body);
      expect(upstream.headers['x-api-key']).toBe('sk-ant-upstream');
      expect(upstream.headers['anthropic-version']).toBe('2023-06-01');
      expect(upstream.headers['anthropic-beta']).toBe('prompt-caching-2024-07-31');
      expect(message!.id).toMatch(/^msg_mock/);
      expect(message!.content).toEqual([{ type: 'text', text: replyText(3) }]);
      expect(Number(log.prompt_tokens)).toBe(message!.usage.input_tokens);
      expect(Number(log.completion_tokens)).toBe(6);
    });

    it('accepts the key as a Bearer token too', async () => {
      const bearer = new Anthropic({
        authToken: fixture.apiKey,
        apiKey: null,
        baseURL: fixture.url,
        maxRetries: 0,
      });
      await billed(() =>
        bearer.messages.create({
          model: CLAUDE,
          max_tokens: 10,
          messages: [{ role: 'user', content: 'Hi' }],
        }),
      );
    });

    it('streams upstream events as they came', async () => {
      const { log } = await billed(async () => {
        const final = await client.messages
          .stream({ model: CLAUDE, max_tokens: 100, messages: [{ role: 'user', content: 'Go' }] })
          .finalMessage();
        expect(final.content).toEqual([{ type: 'text', text: replyText(3) }]);
        expect(final.stop_reason).toBe('end_turn');
      });
      expect(Number(log.is_stream ? 1 : 0)).toBe(1);
      const response = await raw({
        model: CLAUDE,
        max_tokens: 100,
        stream: true,
        messages: [{ role: 'user', content: 'Go' }],
      });
      const events = parseEventStream(await response.text()).map((event) => event.event);
      // The mock's own order, ping included.
      expect(events).toEqual([
        'message_start',
        'content_block_start',
        'ping',
        'content_block_delta',
        'content_block_delta',
        'content_block_delta',
        'content_block_stop',
        'message_delta',
        'message_stop',
      ]);
    });

    it('relays tool use, thinking and a tool result', async () => {
      await billed(async () => {
        const message = await client.messages.create({
          model: CLAUDE,
          max_tokens: 2048,
          thinking: { type: 'enabled', budget_tokens: 1024 },
          tools: [WEATHER_TOOL],
          messages: [{ role: 'user', content: 'Weather in Paris?' }],
        });
        expect(message.content).toEqual([
          { type: 'thinking', thinking: MOCK_REASONING, signature: MOCK_THINKING_SIGNATURE },
          {
            type: 'tool_use',
            id: expect.any(String),
            name: 'get_weather',
            input: { city: 'mock' },
          },
        ]);
        expect(message.stop_reason).toBe('tool_use');
      });
      await billed(async () => {
        const final = await client.messages
          .stream({
            model: CLAUDE,
            max_tokens: 2048,
            thinking: { type: 'enabled', budget_tokens: 1024 },
            messages: [{ role: 'user', content: 'Think' }],
          })
          .finalMessage();
        expect(final.content.map((block) => block.type)).toEqual(['thinking', 'text']);
      });
    });

    it('bills cache reads and writes (Claude billing) and logs them', async () => {
      const { log, other } = await billed(async () => {
        const message = await client.messages.create({
          model: 'claude-cached',
          max_tokens: 100,
          messages: [{ role: 'user', content: 'A question that hits the prompt cache' }],
        });
        expect(message.usage.cache_read_input_tokens).toBe(40);
        expect(message.usage.cache_creation_input_tokens).toBe(10);
      });
      expect(other.cache_tokens).toBe(40);
      expect(other.cache_creation_tokens).toBe(10);
      expect(other.is_model_mapped).toBe(true);
      const prompt = Number(log.prompt_tokens);
      const expected = Math.round(
        (prompt -
          50 +
          40 * other.cache_ratio +
          10 * other.cache_creation_ratio +
          Number(log.completion_tokens) * other.completion_ratio) *
          0.4 *
          other.group_ratio,
      );
      expect(Number(log.quota)).toBe(expected);
    });

    it('counts tokens locally, without a charge or a log', async () => {
      const before = await fixture.userQuota();
      const logs = (await fixture.consumeLogs()).length;
      const requests = fixture.mock.requests.length;
      const counted = await client.messages.countTokens({
        model: CLAUDE,
        system: 'Be brief.',
        tools: [WEATHER_TOOL],
        messages: [{ role: 'user', content: 'How many tokens is this?' }],
      });
      const expected = countChatPromptTokens(
        CLAUDE,
        [
          { role: 'system', content: 'Be brief.' },
          { role: 'user', content: 'How many tokens is this?' },
        ],
        [
          {
            type: 'function',
            function: {
              name: WEATHER_TOOL.name,
              parameters: WEATHER_TOOL.input_schema,
              description: WEATHER_TOOL.description,
            },
          },
        ],
      );
      expect(counted.input_tokens).toBe(expected);
      expect(counted.input_tokens).toBeGreaterThan(10);
      expect(fixture.mock.requests.length).toBe(requests);
      expect(await fixture.userQuota()).toBe(before);
      expect((await fixture.consumeLogs()).length).toBe(logs);
    });
  });

  describe('on an OpenAI channel', () => {
    it('converts the request to a chat call and the answer back', async () => {
      let message: Anthropic.Message | undefined;
      const { log } = await billed(async () => {
        message = await client.messages.create({
          model: 'gpt-4o-mini',
          max_tokens: 100,
          temperature: 0.5,
          stop_sequences: ['END'],
          system: [{ type: 'text', text: 'Be brief.' }],
          metadata: { user_id: 'user-42' },
          messages: [
            {
              role: 'user',
              content: [
                { type: 'text', text: 'What is this?' },
                {
                  type: 'image',
                  source: { type: 'base64', media_type: 'image/png', data: PNG_1X1 },
                },
              ],
            },
          ],
        });
      });
      const upstream = fixture.mock.lastRequest()!;
      expect(upstream.path).toBe('/v1/chat/completions');
      expect(upstream.headers.authorization).toBe('Bearer sk-upstream');
      expect(upstream.body).toEqual({
        model: 'gpt-4o-mini',
        max_tokens: 100,
        temperature: 0.5,
        stop: ['END'],
        user: 'user-42',
        messages: [
          { role: 'system', content: 'Be brief.' },
          {
            role: 'user',
            content: [
              { type: 'text', text: 'What is this?' },
              { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_1X1}` } },
            ],
          },
        ],
      });
      expect(message!.id.startsWith('msg_mock')).toBe(true);
      expect(message!.type).toBe('message');
      expect(message!.role).toBe('assistant');
      expect(message!.content).toEqual([{ type: 'text', text: replyText(3) }]);
      expect(message!.stop_reason).toBe('end_turn');
      expect(message!.usage.output_tokens).toBe(6);
      expect(message!.usage.input_tokens).toBe(Number(log.prompt_tokens));
    });

    it('names the fields the conversion drops in x-tollgate-dropped-fields', async () => {
      let response: Response | undefined;
      await billed(async () => {
        response = await raw({
          model: 'gpt-4o-mini',
          max_tokens: 100,
          top_k: 5,
          system: [{ type: 'text', text: 'Be brief.', cache_control: { type: 'ephemeral' } }],
          messages: [{ role: 'user', content: 'Hello' }],
        });
        expect(response.status).toBe(200);
        await response.json();
      });
      expect(response!.headers.get('x-tollgate-dropped-fields')).toBe('top_k, cache_control');
      expect(fixture.mock.lastRequest()!.body).not.toHaveProperty('top_k');
    });

    it('streams Claude events in the Messages API order', async () => {
      await billed(async () => {
        const stream = client.messages.stream({
          model: 'gpt-4o-mini',
          max_tokens: 100,
          messages: [{ role: 'user', content: 'Stream it' }],
        });
        let text = '';
        stream.on('text', (delta) => {
          text += delta;
        });
        const final = await stream.finalMessage();
        expect(text).toBe(replyText(3));
        expect(final.content).toEqual([{ type: 'text', text: replyText(3) }]);
        expect(final.stop_reason).toBe('end_turn');
        expect(final.usage.output_tokens).toBe(6);
      });
      expect(fixture.mock.lastRequest()!.body).toMatchObject({
        stream: true,
        stream_options: { include_usage: true },
      });
      const response = await raw({
        model: 'gpt-4o-mini',
        max_tokens: 100,
        stream: true,
        messages: [{ role: 'user', content: 'Stream it' }],
      });
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      const events = parseEventStream(await response.text());
      expect(events.map((event) => event.event)).toEqual([
        'message_start',
        'content_block_start',
        'content_block_delta',
        'content_block_delta',
        'content_block_delta',
        'content_block_stop',
        'message_delta',
        'message_stop',
      ]);
      for (const event of events) expect(JSON.parse(event.data).type).toBe(event.event);
      const delta = JSON.parse(events[6].data);
      expect(delta.delta).toEqual({ stop_reason: 'end_turn', stop_sequence: null });
      expect(delta.usage.output_tokens).toBe(6);
    });

    it('converts tools, tool_choice, tool use and tool results', async () => {
      let toolUse: Anthropic.ToolUseBlock | undefined;
      await billed(async () => {
        const message = await client.messages.create({
          model: 'gpt-4o-mini',
          max_tokens: 100,
          tools: [WEATHER_TOOL],
          tool_choice: { type: 'tool', name: 'get_weather', disable_parallel_tool_use: true },
          messages: [{ role: 'user', content: 'Weather in Paris?' }],
        });
        expect(message.stop_reason).toBe('tool_use');
        toolUse = message.content[0] as Anthropic.ToolUseBlock;
        expect(toolUse).toMatchObject({
          type: 'tool_use',
          name: 'get_weather',
          input: { city: 'mock' },
        });
        expect(toolUse.id).toMatch(/^call_mock/);
      });
      expect(fixture.mock.lastRequest()!.body).toMatchObject({
        tools: [
          {
            type: 'function',
            function: {
              name: 'get_weather',
              description: 'Weather of a city',
              parameters: WEATHER_TOOL.input_schema,
            },
          },
        ],
        tool_choice: { type: 'function', function: { name: 'get_weather' } },
        parallel_tool_calls: false,
      });

      await billed(async () => {
        const final = await client.messages
          .stream({
            model: 'gpt-4o-mini',
            max_tokens: 100,
            tools: [WEATHER_TOOL],
            messages: [
              { role: 'user', content: 'Weather in Paris?' },
              { role: 'assistant', content: [toolUse!] },
              {
                role: 'user',
                content: [
                  { type: 'tool_result', tool_use_id: toolUse!.id, content: 'Sunny, 21 °C' },
                  { type: 'text', text: 'And tomorrow?' },
                ],
              },
            ],
          })
          .finalMessage();
        // The mock calls the tool again: rebuilt by the SDK from input_json_delta pieces.
        expect(final.content).toEqual([
          {
            type: 'tool_use',
            id: expect.any(String),
            name: 'get_weather',
            input: { city: 'mock' },
          },
        ]);
        expect(final.stop_reason).toBe('tool_use');
      });
      expect((fixture.mock.lastRequest()!.body as { messages: unknown }).messages).toEqual([
        { role: 'user', content: 'Weather in Paris?' },
        {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              id: toolUse!.id,
              type: 'function',
              function: { name: 'get_weather', arguments: '{"city":"mock"}' },
            },
          ],
        },
        { role: 'tool', tool_call_id: toolUse!.id, content: 'Sunny, 21 °C' },
        { role: 'user', content: 'And tomorrow?' },
      ]);
    });

    it('turns thinking into a reasoning effort and reasoning into thinking blocks', async () => {
      const request = {
        model: 'gpt-4o-mini',
        max_tokens: 4096,
        thinking: { type: 'enabled' as const, budget_tokens: 2048 },
        messages: [{ role: 'user' as const, content: 'Think first' }],
      };
      const { other } = await billed(async () => {
        const message = await client.messages.create(request);
        expect(message.content).toEqual([
          { type: 'thinking', thinking: MOCK_REASONING, signature: '' },
          { type: 'text', text: replyText(3) },
        ]);
      });
      expect(fixture.mock.lastRequest()!.body).toMatchObject({ reasoning_effort: 'low' });
      expect(other.reasoning_effort).toBe('low');
      await billed(async () => {
        const final = await client.messages.stream(request).finalMessage();
        expect(final.content).toEqual([
          { type: 'thinking', thinking: MOCK_REASONING, signature: '' },
          { type: 'text', text: replyText(3) },
        ]);
      });
    });

    it('counts tokens for any model', async () => {
      const counted = await client.messages.countTokens({
        model: 'gpt-4o-mini',
        messages: [{ role: 'user', content: 'Count me' }],
      });
      expect(counted.input_tokens).toBe(
        countChatPromptTokens('gpt-4o-mini', [{ role: 'user', content: 'Count me' }]),
      );
    });
  });

  describe('streams that end badly or without usage', () => {
    it('relays a Claude channel’s error event and bills what came before it', async () => {
      const { log } = await billed(async () => {
        const failure = await client.messages
          .stream({
            model: 'claude-midstream',
            max_tokens: 100,
            messages: [{ role: 'user', content: 'Go' }],
          })
          .finalMessage()
          .catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(Anthropic.APIError);
        expect(String((failure as Error).message)).toContain('overloaded_error');
      });
      expect(Number(log.completion_tokens)).toBeGreaterThan(0);
    });

    it('writes an OpenAI channel’s stream error as an error event', async () => {
      const response = await raw({
        model: 'gpt-midstream',
        max_tokens: 100,
        stream: true,
        messages: [{ role: 'user', content: 'Go' }],
      });
      const events = parseEventStream(await response.text());
      expect(events.at(-1)!.event).toBe('error');
      expect(JSON.parse(events.at(-1)!.data)).toMatchObject({
        type: 'error',
        error: { type: 'api_error', message: expect.any(String) },
      });
      expect(events.map((event) => event.event)).not.toContain('message_stop');
    });

    it('reports locally counted usage in message_delta when upstream gives none', async () => {
      let final: Anthropic.Message | undefined;
      const { log } = await billed(async () => {
        final = await client.messages
          .stream({
            model: 'gpt-no-usage',
            max_tokens: 100,
            messages: [{ role: 'user', content: 'Count yourself' }],
          })
          .finalMessage();
        expect(final.content).toEqual([{ type: 'text', text: replyText(3) }]);
      });
      // The counts the client sees are the ones billed.
      expect(final!.usage.output_tokens).toBe(Number(log.completion_tokens));
      expect(final!.usage.input_tokens).toBe(Number(log.prompt_tokens));
      expect(Number(log.completion_tokens)).toBeGreaterThan(0);
    });
  });

  describe('errors in Claude’s shape', () => {
    it('refuses a missing or wrong key with authentication_error', async () => {
      const anonymous = new Anthropic({ apiKey: 'sk-wrong', baseURL: fixture.url, maxRetries: 0 });
      const failure = await anonymous.messages
        .create({ model: CLAUDE, max_tokens: 1, messages: [{ role: 'user', content: 'x' }] })
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(Anthropic.AuthenticationError);
      const response = await raw(
        { model: CLAUDE, max_tokens: 1, messages: [{ role: 'user', content: 'x' }] },
        { 'x-api-key': '' },
      );
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({
        type: 'error',
        error: { type: 'authentication_error', message: expect.any(String) },
      });
    });

    it('refuses a model the token may not use with permission_error, for calls and counts', async () => {
      const limited = await fixture.addToken({
        model_limits_enabled: true,
        model_limits: 'gpt-4o-mini',
      });
      const limitedClient = new Anthropic({
        apiKey: limited.apiKey,
        baseURL: fixture.url,
        maxRetries: 0,
      });
      const request = { model: CLAUDE, messages: [{ role: 'user' as const, content: 'x' }] };
      // Thunks: a request started before the loop reaches it would reject unhandled meanwhile.
      for (const attempt of [
        () => limitedClient.messages.create({ ...request, max_tokens: 5 }),
        () => limitedClient.messages.countTokens(request),
      ]) {
        const failure = await attempt().catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(Anthropic.PermissionDeniedError);
        expect((failure as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({
          type: 'error',
          error: { type: 'permission_error' },
        });
      }
      const allowed = await limitedClient.messages.countTokens({
        ...request,
        model: 'gpt-4o-mini',
      });
      expect(allowed.input_tokens).toBeGreaterThan(0);
    });

    it('refuses malformed bodies with invalid_request_error (never a 500)', async () => {
      for (const body of [
        '{"model": ',
        '[]',
        { model: CLAUDE, max_tokens: 10 },
        { model: CLAUDE, max_tokens: 10, messages: [] },
        { model: CLAUDE, max_tokens: 10, messages: [{ role: 'system', content: 'x' }] },
        { model: CLAUDE, max_tokens: 10, messages: [{ role: 'user', content: 5 }] },
        { model: CLAUDE, max_tokens: 'ten', messages: [{ role: 'user', content: 'x' }] },
        { max_tokens: 10, messages: [{ role: 'user', content: 'x' }] },
      ]) {
        const response = await raw(body);
        expect(response.status).toBe(400);
        expect(await response.json()).toMatchObject({
          type: 'error',
          error: { type: 'invalid_request_error' },
        });
      }
      const counted = await fetch(`${fixture.url}/v1/messages/count_tokens`, {
        method: 'POST',
        headers: { 'x-api-key': fixture.apiKey, 'content-type': 'application/json' },
        body: '{',
      });
      expect(counted.status).toBe(400);
      expect((await counted.json()).error.type).toBe('invalid_request_error');
    });

    it('lists and retrieves models in Anthropic’s shape, page by page', async () => {
      const expected = (await fixture.client.models.list()).data.map((model) => model.id);
      expect(expected.length).toBeGreaterThan(3);
      const listed: string[] = [];
      // Pages of two: the SDK follows has_more and last_id.
      for await (const model of client.models.list({ limit: 2 })) {
        expect(model).toEqual({
          type: 'model',
          id: model.id,
          display_name: model.id,
          created_at: '2021-07-20T10:40:00Z',
        });
        listed.push(model.id);
      }
      expect(listed).toEqual(expected);
      const firstPage = await client.models.list({ limit: 2 });
      expect(firstPage.has_more).toBe(true);
      expect(firstPage.last_id).toBe(expected[1]);
      expect(await client.models.retrieve(CLAUDE)).toMatchObject({ type: 'model', id: CLAUDE });
      const missing = await client.models
        .retrieve('no-such-model')
        .catch((error: unknown) => error);
      expect(missing).toBeInstanceOf(Anthropic.NotFoundError);
      expect((missing as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({
        type: 'error',
        error: { type: 'not_found_error' },
      });
      // The OpenAI shape stays for OpenAI clients.
      expect(await fixture.client.models.retrieve(CLAUDE)).toMatchObject({ object: 'model' });
    });

    it('answers an unknown model and an upstream failure in Claude’s shape', async () => {
      const unknown = await raw({
        model: 'no-such-model',
        max_tokens: 10,
        messages: [{ role: 'user', content: 'x' }],
      });
      expect((await unknown.json()).type).toBe('error');
      const failing = await client.messages
        .create({
          model: 'gpt-failing',
          max_tokens: 10,
          messages: [{ role: 'user', content: 'x' }],
        })
        .catch((error: unknown) => error);
      expect(failing).toBeInstanceOf(Anthropic.InternalServerError);
      expect((failing as InstanceType<typeof Anthropic.APIError>).error).toMatchObject({
        type: 'error',
        error: { type: 'api_error' },
      });
    });
  });
});
