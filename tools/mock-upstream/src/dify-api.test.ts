import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockUpstream, type MockUpstream } from './create-mock-upstream.js';

let upstream: MockUpstream;
beforeAll(async () => {
  upstream = await createMockUpstream();
});
afterAll(async () => {
  await upstream.close();
});

function chat(body: unknown, authorization = 'Bearer app-key') {
  return fetch(`${upstream.url}/v1/chat-messages`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const BODY = { inputs: {}, query: 'Hi there', response_mode: 'blocking', user: 'u' };

describe('mock Dify app API', () => {
  it('answers a blocking chat message with usage', async () => {
    const response = await chat(BODY);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      event: 'message',
      mode: 'advanced-chat',
      answer: 'Hello from the mock upstream this',
      metadata: { usage: { prompt_tokens: 2, completion_tokens: 6, total_tokens: 8 } },
    });
  });

  it('refuses a missing bearer key, missing fields and unknown files like Dify', async () => {
    const anonymous = await chat(BODY, '');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: 'unauthorized', status: 401 });
    const noUser = await chat({ ...BODY, user: '' });
    expect(await noUser.json()).toEqual({
      code: 'invalid_param',
      message: 'user is required',
      status: 400,
    });
    const badFile = await chat({
      ...BODY,
      files: [{ type: 'image', transfer_method: 'local_file', upload_file_id: 'nope' }],
    });
    expect(badFile.status).toBe(400);
  });

  it('streams the workflow events, the message chunks and message_end', async () => {
    const response = await chat({ ...BODY, response_mode: 'streaming', user: 'u@chunks=2' });
    const text = await response.text();
    const events = text
      .split('\n\n')
      .filter((frame) => frame.startsWith('data: '))
      .map((frame) => (JSON.parse(frame.slice(6)) as { event: string }).event);
    expect(events).toEqual([
      'workflow_started',
      'node_started',
      'node_finished',
      'node_started',
      'message',
      'message',
      'node_finished',
      'node_started',
      'node_finished',
      'workflow_finished',
      'message_end',
    ]);
    expect(text).toContain('event: ping\n\n');
  });

  it('accepts an image upload with a user and refuses one without a file', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(10)], { type: 'image/png' }), 'a.png');
    form.append('user', 'u');
    const upload = await fetch(`${upstream.url}/v1/files/upload`, {
      method: 'POST',
      headers: { authorization: 'Bearer app-key' },
      body: form,
    });
    expect(upload.status).toBe(201);
    const file = (await upload.json()) as { id: string };
    expect(file).toMatchObject({
      name: 'a.png',
      size: 10,
      extension: 'png',
      mime_type: 'image/png',
    });
    const used = await chat({
      ...BODY,
      files: [{ type: 'image', transfer_method: 'local_file', upload_file_id: file.id }],
    });
    expect(used.status).toBe(200);

    const empty = new FormData();
    empty.append('user', 'u');
    const missing = await fetch(`${upstream.url}/v1/files/upload`, {
      method: 'POST',
      headers: { authorization: 'Bearer app-key' },
      body: empty,
    });
    expect(await missing.json()).toMatchObject({ code: 'no_file_uploaded', status: 400 });
  });
});
