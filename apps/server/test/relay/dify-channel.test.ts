import {
  completionTokens,
  DIFY_MOCK_NODES,
  DIFY_MOCK_WORKFLOW_ID,
  promptTokensForCharacters,
  replyText,
} from '@tollgate/mock-upstream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readChatStream } from '../support/chat-stream.js';
import type { RelayFixture } from '../support/relay-fixture.js';
import { setUpProviderChannels } from '../support/provider-channels.js';
import { appDatabaseKinds } from '../support/test-databases.js';

const RATIO = 2;
/** A 1×1 PNG. */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/**
 * A Dify channel (type 37) behind the OpenAI API, end to end against the mock's chat-flow app
 * API: blocking and streaming calls (workflow and node starts shown while DIFY_DEBUG is on, the
 * default), the conversation flattened into one query, images uploaded or passed by URL, Dify's
 * errors, billing on Dify's usage, and the console's channel test.
 */
describe.each(appDatabaseKinds())('a Dify channel on %s', (kind) => {
  let fixture: RelayFixture;
  let channelId: number;
  beforeAll(async () => {
    ({
      fixture,
      channelIds: [channelId],
    } = await setUpProviderChannels(kind, {
      ratios: { 'dify-app': RATIO, 'dify-denied': RATIO },
      channels: [{ name: 'dify', type: 37, key: 'app-upstream-key', models: 'dify-app' }],
    }));
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('flattens the conversation into a blocking call and bills Dify usage exactly', async () => {
    const before = await fixture.userQuota();
    const completion = await fixture.client.chat.completions.create({
      model: 'dify-app',
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Hello' },
        { role: 'assistant', content: 'Hi there' },
        { role: 'user', content: 'And Dify?' },
      ],
      user: 'alice',
    });
    expect(completion.choices[0]!.message.content).toBe(replyText(3));
    const upstream = fixture.mock.lastRequest()!;
    expect(upstream.path).toBe('/v1/chat-messages');
    expect(upstream.headers.authorization).toBe('Bearer app-upstream-key');
    const query = 'SYSTEM: \nBe brief.\nUSER: \nHello\nASSISTANT: \nHi there\nUSER: \nAnd Dify?\n';
    expect(upstream.body).toEqual({
      inputs: {},
      query,
      response_mode: 'blocking',
      user: 'alice',
    });
    const prompt = promptTokensForCharacters(query.length);
    expect(completion.usage).toMatchObject({
      prompt_tokens: prompt,
      completion_tokens: completionTokens(3),
    });
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(Number(log.channel_id)).toBe(channelId);
    expect(Number(log.prompt_tokens)).toBe(prompt);
    expect(Number(log.quota)).toBe(Math.round((prompt + completionTokens(3)) * RATIO));
    expect(before - (await fixture.userQuota())).toBe(Number(log.quota));
  });

  it('names the end user after the request id when the client names none', async () => {
    const response = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'dify-app', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(200);
    const requestId = response.headers.get('x-oneapi-request-id');
    expect(requestId).toBeTruthy();
    expect((fixture.mock.lastRequest()!.body as { user: string }).user).toBe(
      `chatcmpl-${requestId}`,
    );
  });

  it('streams the workflow as it runs, then the answer and its usage', async () => {
    const before = await fixture.userQuota();
    const stream = await fixture.client.chat.completions.create({
      model: 'dify-app',
      messages: [{ role: 'user', content: 'Stream it' }],
      user: 'u@chunks=4',
      stream: true,
      stream_options: { include_usage: true },
    });
    const { text, finish, usage } = await readChatStream(stream);
    // Nodes Start and LLM begin before the answer, node Answer after it.
    const [start, llm, answer] = DIFY_MOCK_NODES;
    expect(text).toBe(
      `Workflow: ${DIFY_MOCK_WORKFLOW_ID}\nNode: ${start}\nNode: ${llm}\n` +
        `${replyText(4)}Node: ${answer}\n`,
    );
    expect(finish).toBe('stop');
    expect(fixture.mock.lastRequest()!.body).toMatchObject({ response_mode: 'streaming' });
    const prompt = promptTokensForCharacters('USER: \nStream it\n'.length);
    expect(usage).toMatchObject({ prompt_tokens: prompt, completion_tokens: completionTokens(4) });
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(Number(log.quota)).toBe(Math.round((prompt + completionTokens(4)) * RATIO));
    expect(before - (await fixture.userQuota())).toBe(Number(log.quota));
  });

  it('uploads data-URL images first and passes http images by URL', async () => {
    await fixture.client.chat.completions.create({
      model: 'dify-app',
      messages: [
        {
          role: 'user',
          content: [
            { type: 'text', text: 'What is in these?' },
            { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
            { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } },
          ],
        },
      ],
      user: 'bob',
    });
    const [upload, chat] = fixture.mock.requests.slice(-2);
    expect(upload!.path).toBe('/v1/files/upload');
    expect(upload!.headers.authorization).toBe('Bearer app-upstream-key');
    expect(upload!.form).toMatchObject({
      fields: { user: 'bob' },
      files: [
        {
          field: 'file',
          contentType: 'image/png',
          size: Buffer.from(PNG_BASE64, 'base64').length,
        },
      ],
    });
    expect(chat!.body).toMatchObject({
      query: 'USER: \nWhat is in these?\n',
      files: [
        {
          type: 'image',
          transfer_method: 'local_file',
          upload_file_id: expect.stringMatching(/^dify-file-/),
        },
        { type: 'image', transfer_method: 'remote_url', url: 'https://example.com/cat.jpg' },
      ],
    });
  });

  it('ends a stream on an error event and maps Dify errors', async () => {
    const stream = await fixture.client.chat.completions.create({
      model: 'dify-app',
      messages: [{ role: 'user', content: 'Break' }],
      user: 'u@chunks=4,error=2',
      stream: true,
    });
    let text = '';
    await expect(
      (async () => {
        for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
      })(),
    ).rejects.toThrow(/Mock upstream error in the middle of the stream/);
    expect(text.endsWith(replyText(2))).toBe(true);

    const limited = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        model: 'dify-app',
        user: 'u@status=400',
        messages: [{ role: 'user', content: 'hi' }],
      }),
    });
    expect(limited.status).toBe(400);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe(
      'invalid_param',
    );
  });

  it('tests the channel through the console API', async () => {
    const response = await fixture.harness.call(
      fixture.root,
      'GET',
      `/api/channel/test/${channelId}?model=dify-app`,
    );
    expect(response.json()).toMatchObject({ success: true });
  });

  it('auto-disables a channel whose app key Dify rejects', async () => {
    await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key: 'AutomaticDisableChannelEnabled',
      value: 'true',
    });
    const denied = await fixture.addChannel({
      name: 'dify-bad-key',
      type: 37,
      key: 'sk-invalid',
      models: 'dify-denied',
    });
    const response = await fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'dify-denied', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const row = await fixture.harness.runtime.context.database.db
      .selectFrom('channels')
      .select('status')
      .where('id', '=', denied)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(3);
  });
});
