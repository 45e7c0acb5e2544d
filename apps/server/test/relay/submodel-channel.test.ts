import { replyText } from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readChatStream } from '../support/chat-stream.js';
import type { RelayFixture } from '../support/relay-fixture.js';
import { postJson, setUpProviderChannels } from '../support/provider-channels.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const MODEL = 'deepseek-ai/DeepSeek-V3-0324';

/**
 * A Submodel channel (type 53), an OpenAI-compatible vendor, end to end against the mock: chat
 * plain and streamed on `{base}/v1/chat/completions` with the key as Bearer and the body as the
 * client sent it, billed on upstream's usage; every other mode refused locally; the console's
 * channel test.
 */
describe.each(appDatabaseKinds())('a Submodel channel on %s', (kind) => {
  let fixture: RelayFixture;
  let channelId: number;
  beforeAll(async () => {
    ({
      fixture,
      channelIds: [channelId],
    } = await setUpProviderChannels(kind, {
      ratios: { [MODEL]: 1 },
      channels: [{ name: 'submodel', type: 53, key: 'sm-upstream-key', models: MODEL }],
    }));
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('relays chat to /v1/chat/completions with the Bearer key and the body untouched', async () => {
    const request = {
      model: MODEL,
      messages: [{ role: 'user' as const, content: 'Hello Submodel' }],
      top_p: 1,
    };
    const { result, log } = await fixture.billed(() =>
      fixture.client.chat.completions.create(request),
    );
    expect(result.choices[0]!.message.content).toBe(replyText(3));
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/v1/chat/completions');
    expect(upstream.headers.authorization).toBe('Bearer sm-upstream-key');
    expect(upstream.body).toEqual(request);
    expect(log).toMatchObject({ model_name: MODEL, channel_id: channelId });
  });

  it('streams chat and bills the usage upstream reports', async () => {
    const { result } = await fixture.billed(async () =>
      readChatStream(
        await fixture.client.chat.completions.create({
          model: MODEL,
          messages: [{ role: 'user', content: 'Stream, Submodel' }],
          stream: true,
          stream_options: { include_usage: true },
        }),
      ),
    );
    expect(result.text).toBe(replyText(3));
    expect(result.usage?.completion_tokens).toBeGreaterThan(0);
    expect(fixture.mock.lastRequest()!.path).toBe('/v1/chat/completions');
  });

  it('refuses embeddings locally: Submodel serves chat only', async () => {
    const requests = fixture.mock.requests.length;
    const response = await postJson(fixture, '/v1/embeddings', { model: MODEL, input: 'hi' });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain(
      'embeddings requests are not supported by this channel type (53)',
    );
    expect(fixture.mock.requests.length).toBe(requests);
  });

  it("passes the console's channel test (its default models: every-openai-style-type)", async () => {
    const response = await fixture.harness.call(
      fixture.root,
      'GET',
      `/api/channel/test/${channelId}`,
    );
    expect(response.json()).toMatchObject({ success: true });
    expect(fixture.mock.lastRequest()!.body).toMatchObject({ model: MODEL });
  });
});
