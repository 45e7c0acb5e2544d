import {
  MOCK_ZHIPU_API_KEY,
  completionTokens,
  promptTokensForCharacters,
  replyText,
} from '@tollgate/mock-upstream';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEATHER_TOOLS, readChatStream } from '../support/chat-stream.js';
import type { RelayFixture } from '../support/relay-fixture.js';
import { setUpProviderChannels } from '../support/provider-channels.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const [KEY_ID] = MOCK_ZHIPU_API_KEY.split('.');

/** The Zhipu token the gateway sent: its header and payload, after checking its form. */
function sentToken(authorization: unknown, bearer: boolean) {
  expect(typeof authorization).toBe('string');
  const value = String(authorization);
  expect(value.startsWith('Bearer ')).toBe(bearer);
  const token = bearer ? value.slice(7) : value;
  expect(token).not.toContain(MOCK_ZHIPU_API_KEY.split('.')[1]);
  return { header: decodeProtectedHeader(token), payload: decodeJwt(token) };
}

/**
 * Zhipu channels behind the OpenAI API, end to end against the mock, which verifies each call's
 * HS256 token: v3 (type 16, invoke / sse-invoke with Zhipu's own stream) and v4 (type 26,
 * OpenAI-compatible chat with tools, and embeddings), billed on Zhipu's usage.
 */
describe.each(appDatabaseKinds())('Zhipu channels on %s', (kind) => {
  let fixture: RelayFixture;
  let v3Channel: number;
  let v4Channel: number;
  beforeAll(async () => {
    const models = [
      'chatglm_turbo',
      'glm-broken',
      'glm-4',
      'embedding-2',
      'glm-denied',
      'glm-4-denied',
    ];
    ({
      fixture,
      channelIds: [v3Channel, v4Channel],
    } = await setUpProviderChannels(kind, {
      ratios: Object.fromEntries(models.map((model) => [model, 2])),
      completionRatios: Object.fromEntries(models.map((model) => [model, 3])),
      channels: [
        {
          name: 'zhipu-v3',
          type: 16,
          key: MOCK_ZHIPU_API_KEY,
          models: 'chatglm_turbo,glm-broken',
          // The mock reads its controls from the model named in the path.
          model_mapping: JSON.stringify({ 'glm-broken': 'chatglm_turbo@error=1' }),
        },
        { name: 'zhipu-v4', type: 26, key: MOCK_ZHIPU_API_KEY, models: 'glm-4,embedding-2' },
      ],
    }));
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('v3: invokes the model with a signed token and bills the reported usage exactly', async () => {
    const before = await fixture.userQuota();
    const completion = await fixture.client.chat.completions.create({
      model: 'chatglm_turbo',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello Zhipu' },
      ],
      top_p: 1,
    });
    // v3 quotes its content; the client gets the text itself.
    expect(completion.choices[0]!.message.content).toBe(replyText(3));
    expect(completion.choices[0]!.finish_reason).toBe('stop');
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/api/paas/v3/model-api/chatglm_turbo/invoke');
    expect(upstream.body).toEqual({
      prompt: [
        { role: 'user', content: 'Be brief.' },
        { role: 'assistant', content: 'Okay' },
        { role: 'user', content: 'Hello Zhipu' },
      ],
      top_p: 0.99,
    });
    const { header, payload } = sentToken(upstream.headers.authorization, false);
    expect(header).toEqual({ alg: 'HS256', sign_type: 'SIGN' });
    expect(payload.api_key).toBe(KEY_ID);
    expect(payload.exp).toBeGreaterThan(Date.now());

    const prompt = promptTokensForCharacters('Be brief.OkayHello Zhipu'.length);
    const output = completionTokens(3);
    expect(completion.usage).toMatchObject({ prompt_tokens: prompt, completion_tokens: output });
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(Number(log.channel_id)).toBe(v3Channel);
    expect(Number(log.prompt_tokens)).toBe(prompt);
    expect(Number(log.completion_tokens)).toBe(output);
    expect(Number(log.quota)).toBe((prompt + output * 3) * 2);
    expect(before - (await fixture.userQuota())).toBe((prompt + output * 3) * 2);
  });

  it('v3: streams sse-invoke events as chunks, with the usage of the finish meta', async () => {
    const stream = await fixture.client.chat.completions.create({
      model: 'chatglm_turbo',
      messages: [{ role: 'user', content: 'Stream it' }],
      stream: true,
      stream_options: { include_usage: true },
    });
    const { text, finish, usage } = await readChatStream(stream);
    // Leading spaces of each piece are text (Zhipu's `data:` lines have no separator space).
    expect(text).toBe(replyText(3));
    expect(finish).toBe('stop');
    expect(usage).toMatchObject({
      prompt_tokens: promptTokensForCharacters('Stream it'.length),
      completion_tokens: completionTokens(3),
    });
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/api/paas/v3/model-api/chatglm_turbo/sse-invoke');
    expect(upstream.body).toMatchObject({ incremental: true });
  });

  it('v3: an error event mid-stream ends the stream, billed for the text before it', async () => {
    const before = await fixture.userQuota();
    const stream = await fixture.client.chat.completions.create({
      model: 'glm-broken',
      messages: [{ role: 'user', content: 'Stream then fail' }],
      stream: true,
    });
    let text = '';
    await expect(async () => {
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    }).rejects.toThrow(/Mock upstream stream error/);
    expect(text).toBe(replyText(1));
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(log.model_name).toBe('glm-broken');
    expect(Number(log.completion_tokens)).toBeGreaterThan(0);
    expect(before - (await fixture.userQuota())).toBe(Number(log.quota));
  });

  it('v4: chat with a Bearer token, streamed with tools, usage from the last chunk', async () => {
    const before = await fixture.userQuota();
    const completion = await fixture.client.chat.completions.create({
      model: 'glm-4',
      messages: [{ role: 'user', content: 'Hello GLM' }],
    });
    expect(completion.choices[0]!.message.content).toBe(replyText(3));
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/api/paas/v4/chat/completions');
    expect(sentToken(upstream.headers.authorization, true).payload.api_key).toBe(KEY_ID);
    const prompt = promptTokensForCharacters('Hello GLM'.length);
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(Number(log.channel_id)).toBe(v4Channel);
    expect(before - (await fixture.userQuota())).toBe((prompt + completionTokens(3) * 3) * 2);

    const stream = await fixture.client.chat.completions.create({
      model: 'glm-4',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: WEATHER_TOOLS,
      stream: true,
      stream_options: { include_usage: true },
    });
    const { toolName: name, toolArguments: args, finish, usage } = await readChatStream(stream);
    expect({ name, args, finish }).toEqual({
      name: 'get_weather',
      args: '{"city":"mock"}',
      finish: 'tool_calls',
    });
    expect(usage?.prompt_tokens).toBe(promptTokensForCharacters('Weather in Paris?'.length));
  });

  it('v4: embeddings through /api/paas/v4/embeddings', async () => {
    const before = await fixture.userQuota();
    const embeddings = await fixture.client.embeddings.create({
      model: 'embedding-2',
      input: ['sunny day', 'rainy day'],
    });
    expect(embeddings.data).toHaveLength(2);
    expect(embeddings.usage.prompt_tokens).toBe(promptTokensForCharacters(18));
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/api/paas/v4/embeddings');
    expect(before - (await fixture.userQuota())).toBe(promptTokensForCharacters(18) * 2);
  });

  it('tests both channels through the console API', async () => {
    for (const [id, model, path] of [
      [v3Channel, 'chatglm_turbo', '/api/paas/v3/model-api/chatglm_turbo/invoke'],
      [v4Channel, 'glm-4', '/api/paas/v4/chat/completions'],
      [v4Channel, 'embedding-2', '/api/paas/v4/embeddings'],
    ] as const) {
      const response = await fixture.harness.call(
        fixture.root,
        'GET',
        `/api/channel/test/${id}?model=${model}`,
      );
      expect(response.json()).toMatchObject({ success: true });
      expect(fixture.mock.lastRequest()!.path).toBe(path);
    }
  });

  it('auto-disables channels whose key Zhipu refuses (v3 in a 200 body, v4 with a 401)', async () => {
    await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key: 'AutomaticDisableChannelEnabled',
      value: 'true',
    });
    const v3 = await fixture.addChannel({
      name: 'zhipu-v3-bad-key',
      type: 16,
      key: 'unknown-id.some-secret',
      models: 'glm-denied',
    });
    const v4 = await fixture.addChannel({
      name: 'zhipu-v4-bad-key',
      type: 26,
      key: `${KEY_ID}.wrong-secret`,
      models: 'glm-4-denied',
    });
    for (const model of ['glm-denied', 'glm-4-denied']) {
      const response = await fetch(`${fixture.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(response.status).toBe(401);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    const rows = await fixture.harness.runtime.context.database.db
      .selectFrom('channels')
      .select(['id', 'status'])
      .where('id', 'in', [v3, v4])
      .execute();
    expect(rows.map((row) => row.status)).toEqual([3, 3]);
  });
});
