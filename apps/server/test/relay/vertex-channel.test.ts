import { replyText } from '@tollgate/mock-upstream';
import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayFixture } from '../support/relay-fixture.js';
import { setUpProviderChannels } from '../support/provider-channels.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const CLIENT_EMAIL = 'tollgate-test@vertex-project.iam.gserviceaccount.com';

/** A service-account JSON key whose token URL is the mock's. */
async function serviceAccountKey(tokenUri: string, email: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const key = JSON.stringify({
    type: 'service_account',
    project_id: 'vertex-project',
    private_key_id: 'key-1',
    private_key: await exportPKCS8(privateKey),
    client_email: email,
    token_uri: tokenUri,
  });
  return { key, spki: await exportSPKI(publicKey) };
}

/** OpenAI-format calls served by a Vertex AI channel (type 41): Gemini and Claude models. */
describe.each(appDatabaseKinds())('a Vertex AI channel behind the OpenAI API on %s', (kind) => {
  let fixture: RelayFixture;
  let vertexChannel: number;
  const tokenRequests = () =>
    fixture.mock.requests.filter((request) => request.path === '/oauth2/token').length;

  beforeAll(async () => {
    // The token URL is the mock's, on loopback: the operator allows it explicitly.
    ({
      fixture,
      channelIds: [vertexChannel],
    } = await setUpProviderChannels(kind, {
      env: { OUTBOUND_ALLOWED_HOSTS: '127.0.0.1' },
      ratios: {
        'gemini-2.5-flash': 0.15,
        'claude-sonnet-4-20250514': 1.5,
        'meta/llama-3.3-70b-instruct-maas': 0.6,
      },
      // The key names the mock's token URL, and the mock trusts its public key.
      channels: async ({ mock }) => {
        const account = await serviceAccountKey(`${mock.url}/oauth2/token`, CLIENT_EMAIL);
        mock.trustServiceAccount(CLIENT_EMAIL, account.spki);
        return [
          {
            name: 'vertex',
            type: 41,
            key: account.key,
            models: 'gemini-2.5-flash,claude-sonnet-4-20250514,meta/llama-3.3-70b-instruct-maas',
            other: JSON.stringify({
              default: 'us-central1',
              'claude-sonnet-4-20250514': 'us-east5',
            }),
            priority: 10,
          },
        ];
      },
    }));
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('exchanges the signed JWT once and calls Gemini models with the access token', async () => {
    const calls = await Promise.all(
      [1, 2, 3].map(() =>
        fixture.client.chat.completions.create({
          model: 'gemini-2.5-flash',
          messages: [{ role: 'user', content: 'Hello Vertex' }],
        }),
      ),
    );
    for (const completion of calls) {
      expect(completion.choices[0].message.content).toBe(replyText(3));
    }
    expect(tokenRequests()).toBe(1);
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe(
      '/v1/projects/vertex-project/locations/us-central1/publishers/google/models/gemini-2.5-flash:generateContent',
    );
    expect(upstream.headers.authorization).toBe('Bearer ya29.mock-1');
  });

  it('streams a Gemini model and bills exactly', async () => {
    const { result, log } = await fixture.billed(async () => {
      const stream = await fixture.client.chat.completions.create({
        model: 'gemini-2.5-flash',
        messages: [{ role: 'user', content: 'Stream it' }],
        stream: true,
        stream_options: { include_usage: true },
      });
      let text = '';
      let completionTokens = 0;
      for await (const chunk of stream) {
        text += chunk.choices[0]?.delta?.content ?? '';
        if (chunk.usage) completionTokens = chunk.usage.completion_tokens;
      }
      return { text, completionTokens };
    });
    expect(result).toEqual({ text: replyText(3), completionTokens: 6 });
    expect(fixture.mock.lastRequest()!.path).toMatch(/:streamGenerateContent$/);
    expect(Number(log.completion_tokens)).toBe(6);
  });

  it('calls tools on a Gemini model', async () => {
    const completion = await fixture.client.chat.completions.create({
      model: 'gemini-2.5-flash',
      messages: [{ role: 'user', content: 'Weather?' }],
      tools: [
        {
          type: 'function',
          function: {
            name: 'weather',
            parameters: { type: 'object', properties: { city: { type: 'string' } } },
          },
        },
      ],
    });
    expect(completion.choices[0].finish_reason).toBe('tool_calls');
    const call = completion.choices[0].message.tool_calls![0] as {
      function: { name: string; arguments: string };
    };
    expect(call.function).toEqual({ name: 'weather', arguments: '{"city":"mock"}' });
  });

  it('sends Claude models to rawPredict in their region and bills their usage', async () => {
    const { result } = await fixture.billed(() =>
      fixture.client.chat.completions.create({
        model: 'claude-sonnet-4-20250514',
        messages: [{ role: 'user', content: 'Hello Claude on Vertex' }],
        max_tokens: 50,
      }),
    );
    expect(result.choices[0].message.content).toBe(replyText(3));
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe(
      '/v1/projects/vertex-project/locations/us-east5/publishers/anthropic/models/claude-sonnet-4@20250514:rawPredict',
    );
    expect(upstream.body).toMatchObject({ anthropic_version: 'vertex-2023-10-16', max_tokens: 50 });
    expect(upstream.body).not.toHaveProperty('model');

    const stream = await fixture.client.chat.completions.create({
      model: 'claude-sonnet-4-20250514',
      messages: [{ role: 'user', content: 'Stream' }],
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    expect(text).toBe(replyText(3));
    expect(fixture.mock.lastRequest()!.path).toMatch(/:streamRawPredict$/);
    expect(tokenRequests()).toBe(1);
  });

  it('sends Llama models to the OpenAI-compatible endpoint, plain and streamed', async () => {
    const { result, log } = await fixture.billed(() =>
      fixture.client.chat.completions.create({
        model: 'meta/llama-3.3-70b-instruct-maas',
        messages: [{ role: 'user', content: 'Hello Llama on Vertex' }],
      }),
    );
    expect(result.choices[0].message.content).toBe(replyText(3));
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe(
      '/v1beta1/projects/vertex-project/locations/us-central1/endpoints/openapi/chat/completions',
    );
    expect(upstream.headers.authorization).toMatch(/^Bearer /);
    expect(upstream.body).toMatchObject({ model: 'meta/llama-3.3-70b-instruct-maas' });
    expect(Number(log.prompt_tokens)).toBe(result.usage!.prompt_tokens);

    const { result: stream } = await fixture.billed(async () => {
      const chunks = await fixture.client.chat.completions.create({
        model: 'meta/llama-3.3-70b-instruct-maas',
        messages: [{ role: 'user', content: 'Stream' }],
        stream: true,
      });
      let text = '';
      for await (const chunk of chunks) text += chunk.choices[0]?.delta?.content ?? '';
      return text;
    });
    expect(stream).toBe(replyText(3));
    expect(fixture.mock.lastRequest()!.body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('passes a channel test through the console API', async () => {
    const response = await fixture.harness.call(
      fixture.root,
      'GET',
      `/api/channel/test/${vertexChannel}?model=gemini-2.5-flash`,
    );
    expect(response.json()).toMatchObject({ success: true, message: '' });
  });

  it('auto-disables a channel whose service account the token endpoint refuses', async () => {
    await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key: 'AutomaticDisableChannelEnabled',
      value: 'true',
    });
    // Signed with a key the token endpoint does not trust.
    const stranger = await serviceAccountKey(
      `${fixture.mock.url}/oauth2/token`,
      'stranger@vertex-project.iam.gserviceaccount.com',
    );
    const bad = await fixture.addChannel({
      name: 'vertex-untrusted',
      type: 41,
      key: stranger.key,
      models: 'vertex-bad-only',
      other: 'us-central1',
    });
    await fixture.priceModels({ 'vertex-bad-only': 0.15 });
    const response = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'vertex-bad-only',
        messages: [{ role: 'user', content: 'x' }],
      }),
    });
    expect(response.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const row = await fixture.harness.runtime.context.database.db
      .selectFrom('channels')
      .select('status')
      .where('id', '=', bad)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(3);
  });

  it('refuses a service account whose token_uri is an internal address, without calling it', async () => {
    const metadata = await serviceAccountKey(
      'http://169.254.169.254/computeMetadata/v1/token',
      CLIENT_EMAIL,
    );
    await fixture.addChannel({
      name: 'vertex-metadata',
      type: 41,
      key: metadata.key,
      models: 'vertex-metadata-only',
      other: 'us-central1',
    });
    await fixture.priceModels({ 'vertex-metadata-only': 0.15 });
    const before = fixture.mock.requests.length;
    const response = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'vertex-metadata-only',
        messages: [{ role: 'user', content: 'x' }],
      }),
      signal: AbortSignal.timeout(5000),
    });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toContain('169.254.169.254 is a link-local address');
    expect(fixture.mock.requests.length).toBe(before);
  });
});
