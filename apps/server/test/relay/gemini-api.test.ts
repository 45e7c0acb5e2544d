import {
  FunctionCallingConfigMode,
  HarmBlockThreshold,
  HarmCategory,
  GoogleGenAI,
  Type,
  type GenerateContentResponse,
  type Tool,
} from '@google/genai';
import { replyText } from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countChatPromptTokens } from '../../src/billing/index.js';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const WEATHER_TOOL: Tool = {
  functionDeclarations: [
    {
      name: 'get_weather',
      description: 'The weather in a city',
      parameters: {
        type: Type.OBJECT,
        properties: { city: { type: Type.STRING } },
        required: ['city'],
      },
    },
  ],
};

/** Gemini's own SDK against Tollgate, on an OpenAI channel and on an Anthropic channel. */
describe.each(appDatabaseKinds())('the Gemini API on %s', { timeout: 30_000 }, (kind) => {
  let fixture: RelayFixture;
  let ai: GoogleGenAI;
  beforeAll(async () => {
    fixture = await createRelayFixture(kind);
    await fixture.addChannel({
      name: 'anthropic',
      type: 14,
      key: 'sk-ant-upstream',
      models: 'claude-3-5-haiku-20241022',
    });
    ai = new GoogleGenAI({
      apiKey: fixture.apiKey,
      httpOptions: { baseUrl: fixture.url, retryOptions: { attempts: 1 } },
    });
  });
  afterAll(async () => {
    await fixture?.close();
  });

  /** Runs a call; checks the balance dropped by exactly the logged quota, and the log's format. */
  async function billed<T>(
    call: () => Promise<T>,
  ): Promise<{ result: T; log: Record<string, unknown> }> {
    const before = await fixture.userQuota();
    const count = (await fixture.consumeLogs()).length;
    const result = await call();
    const logs = await fixture.consumeLogs();
    expect(logs.length).toBe(count + 1);
    const log = logs[logs.length - 1];
    expect(Number(log.quota)).toBeGreaterThan(0);
    expect(before - (await fixture.userQuota())).toBe(Number(log.quota));
    expect(JSON.parse(String(log.other)).inbound_format).toBe('gemini');
    return { result, log };
  }

  describe.each([
    ['an OpenAI channel', 'gpt-4o-mini', '/v1/chat/completions'],
    ['an Anthropic channel', 'claude-3-5-haiku-20241022', '/v1/messages'],
  ])('on %s', (_name, model, upstreamPath) => {
    it('answers generateContent', async () => {
      const { result, log } = await billed(() =>
        ai.models.generateContent({
          model,
          contents: [{ role: 'user', parts: [{ text: 'Hello Gemini' }] }],
          config: { systemInstruction: 'Be brief.', maxOutputTokens: 100, temperature: 0.5 },
        }),
      );
      expect(result.text).toBe(replyText(3));
      expect(result.candidates?.[0]?.finishReason).toBe('STOP');
      expect(result.usageMetadata?.promptTokenCount).toBe(Number(log.prompt_tokens));
      expect(result.usageMetadata?.candidatesTokenCount).toBe(Number(log.completion_tokens));
      expect(result.usageMetadata?.totalTokenCount).toBe(
        Number(log.prompt_tokens) + Number(log.completion_tokens),
      );
      expect(log.is_stream).toBeFalsy();
      const upstream = fixture.mock.lastRequest()!;
      expect(upstream.path).toBe(upstreamPath);
      expect(upstream.body).toMatchObject({ model, max_tokens: 100, temperature: 0.5 });
      expect(JSON.stringify(upstream.body)).toContain('Be brief.');
    });

    it('converts thinkingConfig where the channel has an equivalent; drops safetySettings', async () => {
      const result = await ai.models.generateContent({
        model,
        contents: 'Think first',
        config: {
          thinkingConfig: { thinkingBudget: 8000, includeThoughts: true },
          safetySettings: [
            {
              category: HarmCategory.HARM_CATEGORY_HARASSMENT,
              threshold: HarmBlockThreshold.BLOCK_ONLY_HIGH,
            },
          ],
        },
      });
      expect(result.text).toBe(replyText(3));
      const upstream = fixture.mock.lastRequest()!.body as Record<string, unknown>;
      expect(upstream.safetySettings).toBeUndefined();
      if (upstreamPath === '/v1/messages') {
        // Anthropic takes the exact budget.
        expect(upstream.thinking).toEqual({ type: 'enabled', budget_tokens: 8000 });
        expect(upstream.reasoning_effort).toBeUndefined();
      } else {
        // OpenAI takes an effort: below 4096 low, below 16384 medium, else high.
        expect(upstream.reasoning_effort).toBe('medium');
      }
      // A budget of 0 (thinking off) asks nothing of either.
      await ai.models.generateContent({
        model,
        contents: 'No thinking',
        config: { thinkingConfig: { thinkingBudget: 0 } },
      });
      const off = fixture.mock.lastRequest()!.body as Record<string, unknown>;
      expect(off.reasoning_effort).toBeUndefined();
      expect(off.thinking).toBeUndefined();
    });

    it('streams generateContentStream', async () => {
      const chunks: GenerateContentResponse[] = [];
      const { log } = await billed(async () => {
        const stream = await ai.models.generateContentStream({
          model,
          contents: 'Stream it',
        });
        for await (const chunk of stream) chunks.push(chunk);
      });
      expect(chunks.map((chunk) => chunk.text ?? '').join('')).toBe(replyText(3));
      expect(chunks.length).toBeGreaterThan(1);
      const last = chunks[chunks.length - 1];
      expect(last.candidates?.[0]?.finishReason).toBe('STOP');
      expect(last.usageMetadata?.candidatesTokenCount).toBe(Number(log.completion_tokens));
      expect(last.usageMetadata?.promptTokenCount).toBe(Number(log.prompt_tokens));
      expect(Boolean(log.is_stream)).toBe(true);
      expect(fixture.mock.lastRequest()!.body).toMatchObject({ stream: true });
    });

    it('calls functions and reads their results', async () => {
      const first = await billed(() =>
        ai.models.generateContent({
          model,
          contents: 'Weather in Paris?',
          config: { tools: [WEATHER_TOOL] },
        }),
      );
      const calls = first.result.functionCalls ?? [];
      expect(calls).toHaveLength(1);
      expect(calls[0].name).toBe('get_weather');
      expect(calls[0].args).toEqual({ city: 'mock' });
      const sentTools = JSON.stringify(fixture.mock.lastRequest()!.body);
      expect(sentTools).toContain('get_weather');

      const second = await billed(() =>
        ai.models.generateContent({
          model,
          contents: [
            { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
            { role: 'model', parts: [{ functionCall: calls[0] }] },
            {
              role: 'user',
              parts: [{ functionResponse: { name: 'get_weather', response: { temp: 21 } } }],
            },
          ],
          config: {
            tools: [WEATHER_TOOL],
            toolConfig: { functionCallingConfig: { mode: FunctionCallingConfigMode.NONE } },
          },
        }),
      );
      expect(second.result.text).toBe(replyText(3));
      expect(JSON.stringify(fixture.mock.lastRequest()!.body)).toContain('21');

      // Streamed, the call arrives whole.
      const streamed: GenerateContentResponse[] = [];
      await billed(async () => {
        const stream = await ai.models.generateContentStream({
          model,
          contents: 'Weather in Rome?',
          config: { tools: [WEATHER_TOOL] },
        });
        for await (const chunk of stream) streamed.push(chunk);
      });
      const streamedCalls = streamed.flatMap((chunk) => chunk.functionCalls ?? []);
      expect(streamedCalls).toEqual([
        expect.objectContaining({ name: 'get_weather', args: { city: 'mock' } }),
      ]);
    });

    it('counts tokens locally without charging', async () => {
      const before = await fixture.userQuota();
      const logs = (await fixture.consumeLogs()).length;
      const counted = await ai.models.countTokens({ model, contents: 'How many tokens is this?' });
      const expected = countChatPromptTokens(model, [
        { role: 'user', content: 'How many tokens is this?' },
      ]);
      expect(counted.totalTokens).toBe(expected);
      expect(await fixture.userQuota()).toBe(before);
      expect((await fixture.consumeLogs()).length).toBe(logs);
    });
  });

  it("lists the token's models in Gemini's shape", async () => {
    const names: string[] = [];
    const pager = await ai.models.list();
    for await (const model of pager) names.push(String(model.name));
    expect(names).toContain('models/gpt-4o-mini');
    expect(names).toContain('models/claude-3-5-haiku-20241022');
    const one = await ai.models.get({ model: 'gpt-4o-mini' });
    expect(one.name).toBe('models/gpt-4o-mini');
    expect(one.displayName).toBe('gpt-4o-mini');
    const raw = await fetch(`${fixture.url}/v1beta/models?key=${fixture.apiKey}`);
    const body = (await raw.json()) as { models: Array<Record<string, unknown>> };
    expect(body.models).toContainEqual({
      name: 'models/gpt-4o-mini',
      displayName: 'gpt-4o-mini',
      supportedGenerationMethods: ['generateContent', 'streamGenerateContent', 'countTokens'],
    });
  });

  it("answers errors in Google's shape, never a 500 for bad input", async () => {
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(`${fixture.url}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-goog-api-key': fixture.apiKey,
          ...headers,
        },
        body,
      });
    const expectError = async (response: Response, code: number, status: string) => {
      expect(response.status).toBe(code);
      const body = (await response.json()) as {
        error: { code: number; status: string; message: string };
      };
      expect(body.error).toMatchObject({ code, status });
      expect(typeof body.error.message).toBe('string');
    };
    const generate = '/v1beta/models/gpt-4o-mini:generateContent';
    const text = JSON.stringify({ contents: [{ parts: [{ text: 'hi' }] }] });
    await expectError(await post(generate, '{not json'), 400, 'INVALID_ARGUMENT');
    await expectError(await post(generate, '{}'), 400, 'INVALID_ARGUMENT');
    await expectError(await post(generate, '[1,2]'), 400, 'INVALID_ARGUMENT');
    await expectError(
      await post(
        generate,
        JSON.stringify({
          contents: [{ parts: [{ text: 'x' }] }],
          generationConfig: { candidateCount: 3 },
        }),
      ),
      400,
      'INVALID_ARGUMENT',
    );
    await expectError(
      await post(generate, JSON.stringify({ contents: [{ parts: [null] }] })),
      400,
      'INVALID_ARGUMENT',
    );
    await expectError(
      await post(generate, text, { 'x-goog-api-key': 'sk-wrong' }),
      401,
      'UNAUTHENTICATED',
    );
    await expectError(
      await post('/v1beta/models/no-such-model:generateContent', text),
      404,
      'NOT_FOUND',
    );
    await expectError(
      await post('/v1beta/models/gpt-4o-mini:predictLongRunning', text),
      404,
      'NOT_FOUND',
    );
    const limited = await fixture.addToken({
      name: 'limited',
      model_limits_enabled: true,
      model_limits: 'gpt-4o',
    });
    await expectError(
      await post(generate, text, { 'x-goog-api-key': limited.apiKey }),
      403,
      'PERMISSION_DENIED',
    );
    // The key as a query parameter, and as a Bearer token.
    const byQuery = await fetch(`${fixture.url}${generate}?key=${fixture.apiKey}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: text,
    });
    expect(byQuery.status).toBe(200);
    const byBearer = await post(generate, text, {
      'x-goog-api-key': '',
      authorization: `Bearer ${fixture.apiKey}`,
    });
    expect(byBearer.status).toBe(200);
    // The SDK reads the error.
    await expect(
      new GoogleGenAI({
        apiKey: 'sk-wrong',
        httpOptions: { baseUrl: fixture.url },
      }).models.generateContent({
        model: 'gpt-4o-mini',
        contents: 'hi',
      }),
    ).rejects.toMatchObject({ status: 401 });
  });

  it('passes an upstream failure on as a Google error', async () => {
    await fixture.controlledModel('gemini-broken', 'status=429');
    const response = await fetch(`${fixture.url}/v1beta/models/gemini-broken:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-goog-api-key': fixture.apiKey },
      body: JSON.stringify({ contents: [{ parts: [{ text: 'hi' }] }] }),
    });
    expect(response.status).toBe(429);
    expect(((await response.json()) as { error: { status: string } }).error.status).toBe(
      'RESOURCE_EXHAUSTED',
    );
  });
});
