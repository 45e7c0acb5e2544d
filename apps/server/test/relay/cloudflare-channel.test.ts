import {
  MOCK_CLOUDFLARE_ACCOUNT_ID,
  completionTokens,
  promptTokensForCharacters,
  replyText,
} from '@tollgate/mock-upstream';
import { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countCompletionTokens, countTextTokens } from '../../src/billing/index.js';
import type { RelayFixture } from '../support/relay-fixture.js';
import { postJson, setUpProviderChannels } from '../support/provider-channels.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const LLAMA = '@cf/meta/llama-3.1-8b-instruct';
const BGE = '@cf/baai/bge-base-en-v1.5';
const WHISPER = '@cf/openai/whisper';
const WHISPER_TURBO = '@cf/openai/whisper-large-v3-turbo';
const ACCOUNT_PATH = `/client/v4/accounts/${MOCK_CLOUDFLARE_ACCOUNT_ID}/ai`;

/** A 2 048-byte upload: the mock hears one second of audio, billed as round(1 / 60 × 1000) tokens. */
const AUDIO_TOKENS = Math.round((1 / 60) * 1000);

/**
 * A Cloudflare Workers AI channel (type 39) behind the OpenAI API, end to end against the mock's
 * account endpoints: chat and embeddings on the OpenAI-compatible `/ai/v1/…`, completions and
 * Whisper speech-to-text on the native `/ai/run/{model}`, billed exactly; Cloudflare's error
 * envelope drives auto-disable, retry and no-retry; the console's channel test succeeds.
 */
/** The fields every Workers AI channel of these tests has. */
const WORKERS_AI = { type: 39, key: 'cf-api-token', other: MOCK_CLOUDFLARE_ACCOUNT_ID };

describe.each(appDatabaseKinds())('a Cloudflare Workers AI channel on %s', (kind) => {
  let fixture: RelayFixture;
  let channelId: number;

  const post = (path: string, body: unknown) => postJson(fixture, path, body);

  async function lastLog() {
    return (await fixture.consumeLogs()).at(-1)!;
  }

  const cloudflareChannel = (fields: Record<string, unknown>) =>
    fixture.addChannel({ ...WORKERS_AI, ...fields });

  beforeAll(async () => {
    ({
      fixture,
      channelIds: [channelId],
    } = await setUpProviderChannels(kind, {
      ratios: { [LLAMA]: 1, [BGE]: 0.5, [WHISPER]: 15, [WHISPER_TURBO]: 15 },
      channels: [
        {
          ...WORKERS_AI,
          name: 'workers-ai',
          models: [LLAMA, BGE, WHISPER, WHISPER_TURBO].join(','),
        },
      ],
    }));
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('sends chat to the account chat endpoint and bills the reported usage exactly', async () => {
    const before = await fixture.userQuota();
    const completion = await fixture.client.chat.completions.create({
      model: LLAMA,
      messages: [{ role: 'user', content: 'Hello Workers AI' }],
    });
    expect(completion.choices[0]!.message.content).toBe(replyText(3));
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe(`${ACCOUNT_PATH}/v1/chat/completions`);
    expect(upstream.headers.authorization).toBe('Bearer cf-api-token');
    const prompt = promptTokensForCharacters('Hello Workers AI'.length);
    expect(completion.usage).toMatchObject({
      prompt_tokens: prompt,
      completion_tokens: completionTokens(3),
    });
    const log = await lastLog();
    expect(Number(log.channel_id)).toBe(channelId);
    // Model ratio 1, completion ratio 1, group ratio 1.
    expect(Number(log.quota)).toBe(prompt + completionTokens(3));
    expect(before - (await fixture.userQuota())).toBe(prompt + completionTokens(3));
  });

  it('streams chat with usage (Tollgate asks for it)', async () => {
    const stream = await fixture.client.chat.completions.create({
      model: LLAMA,
      messages: [{ role: 'user', content: 'Stream it' }],
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).toBe(replyText(3));
    expect(fixture.mock.lastRequest()!.body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
    });
    const log = await lastLog();
    expect(Number(log.completion_tokens)).toBe(completionTokens(3));
    expect(Number(log.prompt_tokens)).toBe(promptTokensForCharacters('Stream it'.length));
  });

  it('serves embeddings on the account embeddings endpoint', async () => {
    const before = await fixture.userQuota();
    const embeddings = await fixture.client.embeddings.create({
      model: BGE,
      input: ['sunny day', 'rainy day'],
    });
    expect(embeddings.data).toHaveLength(2);
    expect(fixture.mock.lastRequest()!.path).toBe(`${ACCOUNT_PATH}/v1/embeddings`);
    const prompt = promptTokensForCharacters(18);
    expect(embeddings.usage.prompt_tokens).toBe(prompt);
    expect(before - (await fixture.userQuota())).toBe(Math.max(1, Math.round(prompt * 0.5)));
  });

  it('converts completions to /ai/run and back, with the reported usage', async () => {
    const before = await fixture.userQuota();
    const completion = await fixture.client.completions.create({
      model: LLAMA,
      prompt: 'Say something',
      max_tokens: 20,
      temperature: 0.2,
    });
    expect(completion.object).toBe('text_completion');
    expect(completion.choices[0]!.text).toBe(replyText(3));
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe(`${ACCOUNT_PATH}/run/${LLAMA}`);
    expect(upstream.body).toEqual({ prompt: 'Say something', max_tokens: 20, temperature: 0.2 });
    const prompt = promptTokensForCharacters('Say something'.length);
    expect(completion.usage).toEqual({
      prompt_tokens: prompt,
      completion_tokens: completionTokens(3),
      total_tokens: prompt + completionTokens(3),
    });
    expect(before - (await fixture.userQuota())).toBe(prompt + completionTokens(3));
  });

  it('streams completions as text_completion chunks, usage from the last event', async () => {
    const stream = await fixture.client.completions.create({
      model: LLAMA,
      prompt: 'Stream a completion',
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let finish: string | null | undefined;
    let usage: { prompt_tokens: number; completion_tokens: number } | undefined;
    for await (const chunk of stream) {
      expect(chunk.object).toBe('text_completion');
      text += chunk.choices[0]?.text ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe(replyText(3));
    expect(finish).toBe('stop');
    expect(fixture.mock.lastRequest()!.body).toMatchObject({ stream: true });
    const prompt = promptTokensForCharacters('Stream a completion'.length);
    expect(usage).toMatchObject({ prompt_tokens: prompt, completion_tokens: completionTokens(3) });
    expect(Number((await lastLog()).quota)).toBe(prompt + completionTokens(3));
  });

  it('counts completions locally when the model reports no usage', async () => {
    await fixture.priceModels({ 'llama-quiet': 1 });
    await cloudflareChannel({
      name: 'workers-ai-quiet',
      models: 'llama-quiet',
      model_mapping: JSON.stringify({ 'llama-quiet': `${LLAMA}@omit-usage` }),
    });
    const before = await fixture.userQuota();
    const stream = await fixture.client.completions.create({
      model: 'llama-quiet',
      prompt: 'Count me locally',
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.text ?? '';
    expect(text).toBe(replyText(3));
    const log = await lastLog();
    const prompt = countTextTokens('llama-quiet', 'Count me locally');
    const completion = countCompletionTokens('llama-quiet', replyText(3));
    expect(Number(log.prompt_tokens)).toBe(prompt);
    expect(Number(log.completion_tokens)).toBe(completion);
    expect(before - (await fixture.userQuota())).toBe(prompt + completion);
  });

  it('transcribes with Whisper from the raw file bytes, billed by the audio length', async () => {
    const before = await fixture.userQuota();
    const file = await toFile(Buffer.alloc(2048, 7), 'speech.mp3', { type: 'audio/mpeg' });
    const result = await fixture.client.audio.transcriptions.create({ model: WHISPER, file });
    expect(result.text).toBe(replyText(3));
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe(`${ACCOUNT_PATH}/run/${WHISPER}`);
    expect(upstream.headers['content-type']).toBe('application/octet-stream');
    expect(upstream.body).toBe(Buffer.alloc(2048, 7).toString('utf8'));
    const log = await lastLog();
    expect(Number(log.prompt_tokens)).toBe(AUDIO_TOKENS);
    expect(before - (await fixture.userQuota())).toBe(AUDIO_TOKENS * 15);

    const vtt = await fixture.client.audio.transcriptions.create({
      model: WHISPER,
      file: await toFile(Buffer.alloc(2048, 7), 'speech.mp3', { type: 'audio/mpeg' }),
      response_format: 'srt',
    });
    expect(String(vtt)).toMatch(/^1\n00:00:00,000 --> 00:00:01,000\n/);
  });

  it('sends whisper-large-v3-turbo the audio as base64 JSON, and translates with it', async () => {
    const file = await toFile(Buffer.alloc(2048, 7), 'speech.mp3', { type: 'audio/mpeg' });
    const result = await fixture.client.audio.transcriptions.create({
      model: WHISPER_TURBO,
      file,
      language: 'en',
      response_format: 'verbose_json',
    });
    expect(result).toMatchObject({ text: replyText(3), language: 'en', duration: 1 });
    expect(fixture.mock.lastRequest()!.body).toEqual({
      audio: Buffer.alloc(2048, 7).toString('base64'),
      task: 'transcribe',
      language: 'en',
    });
    expect(Number((await lastLog()).prompt_tokens)).toBe(AUDIO_TOKENS);

    const before = await fixture.userQuota();
    const translation = await fixture.client.audio.translations.create({
      model: WHISPER_TURBO,
      file: await toFile(Buffer.alloc(2048, 7), 'speech.mp3', { type: 'audio/mpeg' }),
    });
    expect(translation.text).toBe(replyText(3));
    expect(fixture.mock.lastRequest()!.body).toMatchObject({ task: 'translate' });
    expect(before - (await fixture.userQuota())).toBe(AUDIO_TOKENS * 15);
  });

  it('tests the channel through the console API', async () => {
    const response = await fixture.harness.call(
      fixture.root,
      'GET',
      `/api/channel/test/${channelId}?model=${encodeURIComponent(LLAMA)}`,
    );
    expect(response.json()).toMatchObject({ success: true });
    expect(fixture.mock.lastRequest()!.path).toBe(`${ACCOUNT_PATH}/v1/chat/completions`);
    const embedding = await fixture.harness.call(
      fixture.root,
      'GET',
      `/api/channel/test/${channelId}?model=${encodeURIComponent(BGE)}`,
    );
    expect(embedding.json()).toMatchObject({ success: true });
    expect(fixture.mock.lastRequest()!.path).toBe(`${ACCOUNT_PATH}/v1/embeddings`);
  });

  it('fails locally, naming the field, when the channel has no account id', async () => {
    await fixture.priceModels({ 'llama-no-account': 1 });
    await fixture.addChannel({
      name: 'workers-ai-no-account',
      type: 39,
      key: 'cf-api-token',
      other: '',
      models: 'llama-no-account',
    });
    const requests = fixture.mock.requests.length;
    const response = await post('/v1/chat/completions', {
      model: 'llama-no-account',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(response.status).toBe(500);
    expect(response.body.error.message).toMatch(/has no account id/);
    expect(response.body.error.code).toBe('channel_account_id_missing');
    expect(fixture.mock.requests.length).toBe(requests);
  });

  it('passes on Cloudflare error envelopes: a 400 is not retried', async () => {
    await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key: 'RetryTimes',
      value: '1',
    });
    await fixture.priceModels({ 'llama-bad-account': 1 });
    await cloudflareChannel({
      name: 'workers-ai-bad-account',
      other: 'not-an-account',
      models: 'llama-bad-account',
      priority: 10,
    });
    await cloudflareChannel({ name: 'workers-ai-spare', models: 'llama-bad-account' });
    const requests = fixture.mock.requests.length;
    const response = await post('/v1/chat/completions', {
      model: 'llama-bad-account',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toMatch(/Could not route to .*object identifier/);
    expect(response.body.error.code).toBe('7003');
    expect(fixture.mock.requests.length).toBe(requests + 1);
  });

  it('retries a Workers AI 429 on the next channel', async () => {
    await fixture.priceModels({ 'llama-busy': 1 });
    const busy = await cloudflareChannel({
      name: 'workers-ai-busy',
      models: 'llama-busy',
      model_mapping: JSON.stringify({ 'llama-busy': `${LLAMA}@status=429` }),
      priority: 10,
    });
    const spare = await cloudflareChannel({
      name: 'workers-ai-spare-2',
      models: 'llama-busy',
      model_mapping: JSON.stringify({ 'llama-busy': LLAMA }),
    });
    const response = await post('/v1/chat/completions', {
      model: 'llama-busy',
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(response.status).toBe(200);
    const other = JSON.parse(String((await lastLog()).other));
    expect(other.admin_info.use_channel).toEqual([String(busy), String(spare)]);
    await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key: 'RetryTimes',
      value: '0',
    });
  });

  it('auto-disables a channel whose token Cloudflare rejects (code 10000)', async () => {
    await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key: 'AutomaticDisableChannelEnabled',
      value: 'true',
    });
    await fixture.priceModels({ 'llama-denied': 1 });
    const denied = await cloudflareChannel({
      name: 'workers-ai-bad-token',
      key: 'sk-invalid',
      models: 'llama-denied',
    });
    const response = await post('/v1/completions', { model: 'llama-denied', prompt: 'hi' });
    expect(response.status).toBe(401);
    expect(response.body.error).toMatchObject({ message: /Authentication error/, code: '10000' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const row = await fixture.harness.runtime.context.database.db
      .selectFrom('channels')
      .select('status')
      .where('id', '=', denied)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(3);
  });
});
