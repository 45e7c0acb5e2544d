import { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';
import { appDatabaseKinds } from '../support/test-databases.js';

describe.each(appDatabaseKinds())(
  'every OpenAI endpoint through the openai client on %s',
  (kind) => {
    let fixture: RelayFixture;
    beforeAll(async () => {
      fixture = await createRelayFixture(kind);
    });
    afterAll(async () => {
      await fixture?.close();
    });

    async function lastLog() {
      const logs = await fixture.consumeLogs();
      return logs[logs.length - 1];
    }

    it('completions (plain and streamed)', async () => {
      const completion = await fixture.client.completions.create({
        model: 'gpt-3.5-turbo-instruct',
        prompt: 'Once upon',
      });
      expect(completion.choices[0].text.length).toBeGreaterThan(0);
      expect(fixture.mock.lastRequest()!.path).toBe('/v1/completions');
      const stream = await fixture.client.completions.create({
        model: 'gpt-3.5-turbo-instruct',
        prompt: 'Once upon',
        stream: true,
      });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.text ?? '';
      expect(text).toBe(completion.choices[0].text);
      expect((await lastLog()).model_name).toBe('gpt-3.5-turbo-instruct');
    });

    it('edits, forwarded to /v1/edits and billed on the usage upstream reports', async () => {
      await fixture.addChannel({ name: 'edits', models: 'text-davinci-edit-001' });
      const edit = (body: Record<string, unknown>) =>
        fetch(`${fixture.url}/v1/edits`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${fixture.apiKey}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ model: 'text-davinci-edit-001', ...body }),
        });
      const response = await edit({ input: 'What day of the wek is it?', instruction: 'Fix it' });
      expect(response.status).toBe(200);
      const answer = await response.json();
      expect(answer.object).toBe('edit');
      expect(answer.choices[0].text).toBe('Hello from the mock upstream this');
      const upstream = fixture.mock.lastRequest()!;
      expect(upstream.path).toBe('/v1/edits');
      expect(upstream.body).toMatchObject({ instruction: 'Fix it' });
      const log = await lastLog();
      expect(log.model_name).toBe('text-davinci-edit-001');
      expect(Number(log.prompt_tokens)).toBe(answer.usage.prompt_tokens);
      expect(Number(log.completion_tokens)).toBe(answer.usage.completion_tokens);
      // Ratio 10, completion ratio 1: (prompt + completion) × 10.
      expect(Number(log.quota)).toBe(answer.usage.total_tokens * 10);

      const missing = await edit({ input: 'text' });
      expect(missing.status).toBe(400);
      expect((await missing.json()).error.code).toBe('invalid_text_request');
    });

    it('embeddings, billed on input tokens only', async () => {
      const result = await fixture.client.embeddings.create({
        model: 'text-embedding-3-small',
        input: ['hello world', 'second'],
      });
      expect(result.data).toHaveLength(2);
      const log = await lastLog();
      expect(log.model_name).toBe('text-embedding-3-small');
      expect(Number(log.prompt_tokens)).toBeGreaterThan(0);
      expect(log.completion_tokens).toBe(0);
      expect(Number(log.quota)).toBeGreaterThan(0);
    });

    it('moderations', async () => {
      const result = await fixture.client.moderations.create({
        model: 'text-moderation-stable',
        input: 'violence here',
      });
      expect(result.results[0].flagged).toBe(true);
    });

    it('image generations, priced per image', async () => {
      const before = await fixture.userQuota();
      const result = await fixture.client.images.generate({
        model: 'dall-e-3',
        prompt: 'a red fox',
        n: 1,
        size: '1024x1024',
      });
      expect(result.data?.length).toBe(1);
      const log = await lastLog();
      expect(log.model_name).toBe('dall-e-3');
      // dall-e-3 costs 0.04 USD per image at 500000 quota per USD.
      expect(Number(log.quota)).toBe(20_000);
      expect(before - (await fixture.userQuota())).toBe(20_000);
    });

    it('speech returns audio bytes', async () => {
      const response = await fixture.client.audio.speech.create({
        model: 'tts-1',
        voice: 'alloy',
        input: 'Hello there',
      });
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(100);
      expect(response.headers.get('content-type')).toMatch(/audio/);
    });

    it('transcription forwards the multipart upload', async () => {
      const file = await toFile(Buffer.alloc(2048, 7), 'speech.mp3', { type: 'audio/mpeg' });
      const result = await fixture.client.audio.transcriptions.create({ model: 'whisper-1', file });
      expect(typeof result.text).toBe('string');
      const upstream = fixture.mock.lastRequest()!;
      expect(upstream.path).toBe('/v1/audio/transcriptions');
      expect(String(upstream.headers['content-type'])).toMatch(/^multipart\/form-data/);
      expect((await lastLog()).model_name).toBe('whisper-1');
    });

    it('rerank', async () => {
      const response = await fetch(`${fixture.url}/v1/rerank`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: 'rerank-model',
          query: 'fox',
          documents: ['a fox', 'a dog'],
        }),
      });
      expect(response.status).toBe(200);
      expect((await response.json()).results.length).toBe(2);
    });

    it('serves the console playground with the session, charging the user and no token', async () => {
      const before = await fixture.userQuota();
      const tokenBefore = await fixture.harness.runtime.context.database.db
        .selectFrom('tokens')
        .select('used_quota')
        .where('id', '=', fixture.tokenId)
        .executeTakeFirstOrThrow();
      const response = await fetch(`${fixture.url}/pg/chat/completions`, {
        method: 'POST',
        headers: {
          cookie: fixture.root.cookie,
          'new-api-user': String(fixture.root.userId),
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          model: 'gpt-4o-mini',
          group: 'default',
          messages: [{ role: 'user', content: 'from the playground' }],
        }),
      });
      expect(response.status).toBe(200);
      const log = await lastLog();
      expect(log.token_name).toBe('playground-default');
      expect(Number(log.token_id)).toBe(0);
      expect(before - (await fixture.userQuota())).toBe(Number(log.quota));
      const tokenAfter = await fixture.harness.runtime.context.database.db
        .selectFrom('tokens')
        .select('used_quota')
        .where('id', '=', fixture.tokenId)
        .executeTakeFirstOrThrow();
      expect(tokenAfter.used_quota).toBe(tokenBefore.used_quota);

      const anonymous = await fetch(`${fixture.url}/pg/chat/completions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'x' }] }),
      });
      expect(anonymous.status).toBe(401);
      const foreignGroup = await fetch(`${fixture.url}/pg/chat/completions`, {
        method: 'POST',
        headers: {
          cookie: fixture.root.cookie,
          'new-api-user': String(fixture.root.userId),
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          model: 'gpt-4o-mini',
          group: 'secret-vip',
          messages: [{ role: 'user', content: 'x' }],
        }),
      });
      expect(foreignGroup.status).toBe(403);
    });

    it('answers 501 for routes the gateway does not implement', async () => {
      const response = await fetch(`${fixture.url}/v1/files`, {
        headers: { authorization: `Bearer ${fixture.apiKey}` },
      });
      expect(response.status).toBe(501);
      expect((await response.json()).error.code).toBe('api_not_implemented');
    });

    it("answers the OpenAI billing routes with the key's owner's balance, or the token's", async () => {
      const get = async (path: string) => {
        const response = await fetch(`${fixture.url}${path}`, {
          headers: { authorization: `Bearer ${fixture.apiKey}` },
        });
        expect(response.status).toBe(200);
        return response.json();
      };
      const setTokenStat = (on: boolean) =>
        fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
          key: 'DisplayTokenStatEnabled',
          value: String(on),
        });
      await setTokenStat(false);
      const db = fixture.harness.runtime.context.database.db;
      const user = await db
        .selectFrom('users')
        .select(['quota', 'used_quota'])
        .where('id', '=', fixture.root.userId)
        .executeTakeFirstOrThrow();
      const units = (Number(user.quota) + Number(user.used_quota)) / 500_000;
      for (const prefix of ['', '/v1']) {
        expect(await get(`${prefix}/dashboard/billing/subscription`)).toEqual({
          object: 'billing_subscription',
          has_payment_method: true,
          soft_limit_usd: units,
          hard_limit_usd: units,
          system_hard_limit_usd: units,
          access_until: 0,
        });
        expect(await get(`${prefix}/dashboard/billing/usage`)).toEqual({
          object: 'list',
          total_usage: (Number(user.used_quota) / 500_000) * 100,
        });
      }
      // Per token: an unlimited token reports the reference's 100 000 000.
      await setTokenStat(true);
      const token = await db
        .selectFrom('tokens')
        .select(['unlimited_quota'])
        .where('id', '=', fixture.tokenId)
        .executeTakeFirstOrThrow();
      expect(Boolean(token.unlimited_quota)).toBe(true);
      expect((await get('/v1/dashboard/billing/subscription')).hard_limit_usd).toBe(100_000_000);
      const refused = await fetch(`${fixture.url}/dashboard/billing/usage`, {
        headers: { authorization: 'Bearer sk-nope' },
      });
      expect(refused.status).toBe(401);
      const gemini = await fetch(`${fixture.url}/v1beta/anything`);
      expect(gemini.status).toBe(404);
      expect(gemini.headers.get('content-type')).toMatch(/json/);
    });

    it('accepts a gzip-compressed body and answers CORS preflight', async () => {
      const { gzipSync } = await import('node:zlib');
      const response = await fetch(`${fixture.url}/v1/chat/completions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${fixture.apiKey}`,
          'content-type': 'application/json',
          'content-encoding': 'gzip',
        },
        body: gzipSync(
          JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'zipped' }] }),
        ),
      });
      expect(response.status).toBe(200);
      const badGzip = await fetch(`${fixture.url}/v1/chat/completions`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${fixture.apiKey}`,
          'content-type': 'application/json',
          'content-encoding': 'gzip',
        },
        body: 'not gzip at all',
      });
      expect(badGzip.status).toBe(400);
      const preflight = await fetch(`${fixture.url}/v1/chat/completions`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://app.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(preflight.status).toBe(204);
      // Keys travel in headers: any origin, never with credentials.
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    });
  },
);
