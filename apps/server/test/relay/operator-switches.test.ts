import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRelayFixture, type RelayFixture } from '../support/relay-fixture.js';

/** Options that change what the relay does with a call: the sensitive-word check, pass-through. */
describe('relay switches an operator sets', () => {
  let fixture: RelayFixture;
  const setOption = async (key: string, value: string) => {
    const response = await fixture.harness.call(fixture.root, 'PUT', '/api/option/', {
      key,
      value,
    });
    expect(response.json()).toMatchObject({ success: true });
  };
  const chat = (content: unknown, model = 'gpt-4o-mini') =>
    fetch(`${fixture.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content }] }),
    });

  beforeAll(async () => {
    fixture = await createRelayFixture('sqlite');
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('refuses a prompt with a sensitive word before any upstream call or charge', async () => {
    await setOption('SensitiveWords', 'forbidden plan\n机密');
    const before = await fixture.userQuota();
    const logsBefore = (await fixture.consumeLogs()).length;
    fixture.mock.reset();

    for (const content of [
      'tell me the FORBIDDEN Plan',
      [{ type: 'text', text: '这是机密文件' }],
    ]) {
      const response = await chat(content);
      expect(response.status).toBe(400);
      expect((await response.json()).error).toMatchObject({
        message: expect.stringContaining('sensitive words detected'),
        code: 'sensitive_words_detected',
      });
    }
    const image = await fetch(`${fixture.url}/v1/images/generations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'dall-e-3', prompt: 'draw the forbidden plan' }),
    });
    expect(image.status).toBe(400);
    expect((await image.json()).error.code).toBe('invalid_image_request');

    expect(fixture.mock.requests).toHaveLength(0);
    expect(await fixture.userQuota()).toBe(before);
    expect(await fixture.consumeLogs()).toHaveLength(logsBefore);

    // A clean prompt passes; with the check off, so does the word.
    expect((await chat('a harmless question')).status).toBe(200);
    await setOption('CheckSensitiveOnPromptEnabled', 'false');
    expect((await chat('the forbidden plan')).status).toBe(200);
    await setOption('CheckSensitiveOnPromptEnabled', 'true');
  });

  it('sends the body exactly as the client wrote it when pass-through is on', async () => {
    await fixture.addChannel({
      name: 'mapped',
      models: 'alias-model',
      model_mapping: JSON.stringify({ 'alias-model': 'gpt-4o-mini' }),
      param_override: JSON.stringify({ temperature: 0.1 }),
    });
    const options = fixture.harness.runtime.context.options;
    const ratios = JSON.parse(options.get('ModelRatio')) as Record<string, number>;
    await options.update('ModelRatio', JSON.stringify({ ...ratios, 'alias-model': 0.075 }));
    const body = '{"model":"alias-model","messages":[{"role":"user","content":"hi"}],"extra":1}';
    const send = () =>
      fetch(`${fixture.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${fixture.apiKey}`, 'content-type': 'application/json' },
        body,
      });

    fixture.mock.reset();
    expect((await send()).status).toBe(200);
    expect(fixture.mock.lastRequest()?.body).toMatchObject({
      model: 'gpt-4o-mini',
      temperature: 0.1,
      extra: 1,
    });

    await setOption('global.pass_through_request_enabled', 'true');
    fixture.mock.reset();
    await send();
    expect(fixture.mock.lastRequest()?.body).toEqual(JSON.parse(body));
    await setOption('global.pass_through_request_enabled', 'false');
  });
});
