import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebhookPeer, type WebhookPeer } from '../../test/support/notification-peers.js';
import type { Notification } from './notification.js';
import { sendWebhook, signWebhookBody } from './webhook-sender.js';

const notification: Notification = {
  type: 'quota_exceed',
  title: '您的额度即将用尽',
  content: '{{value}}，当前剩余额度为 {{value}}',
  values: ['您的额度即将用尽', '＄0.100000'],
};

describe('webhook sender', () => {
  let receiver: WebhookPeer;

  beforeAll(async () => {
    receiver = await startWebhookPeer();
  });
  afterAll(async () => {
    await receiver.close();
  });
  beforeEach(() => {
    receiver.received.length = 0;
    receiver.behaviour.status = 200;
    receiver.behaviour.delayMs = 0;
  });

  it('signs with HMAC-SHA256 of the exact body, in hex', () => {
    // The widely published HMAC-SHA256 example (key "key", the quick brown fox).
    expect(signWebhookBody('key', 'The quick brown fox jumps over the lazy dog')).toBe(
      'f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8',
    );
  });

  it('posts the body with its signature and bearer secret', async () => {
    await sendWebhook({ url: `${receiver.url}/hook`, secret: 'topsecret' }, notification, {
      allowHttp: true,
      now: () => 1_700_000_000,
    });
    expect(receiver.received).toHaveLength(1);
    const [call] = receiver.received;
    expect(call.path).toBe('/hook');
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.headers.authorization).toBe('Bearer topsecret');
    expect(call.headers['x-webhook-signature']).toBe(
      createHmac('sha256', 'topsecret').update(call.body).digest('hex'),
    );
    expect(JSON.parse(call.body)).toEqual({
      type: 'quota_exceed',
      title: '您的额度即将用尽',
      content: '{{value}}，当前剩余额度为 {{value}}',
      values: ['您的额度即将用尽', '＄0.100000'],
      timestamp: 1_700_000_000,
    });
  });

  it('sends no signature without a secret', async () => {
    await sendWebhook({ url: `${receiver.url}/plain` }, notification, { allowHttp: true });
    expect(receiver.received[0].headers['x-webhook-signature']).toBeUndefined();
    expect(receiver.received[0].headers.authorization).toBeUndefined();
  });

  it('goes through the worker with {url, key, method, headers, body}', async () => {
    await sendWebhook({ url: 'https://hooks.example.com/in', secret: 's' }, notification, {
      allowHttp: false,
      worker: { url: `${receiver.url}/worker`, key: 'worker-key' },
      now: () => 1_700_000_001,
    });
    const [call] = receiver.received;
    expect(call.path).toBe('/worker/');
    const request = JSON.parse(call.body);
    expect(request).toMatchObject({
      url: 'https://hooks.example.com/in',
      key: 'worker-key',
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer s' },
      body: { type: 'quota_exceed', timestamp: 1_700_000_001 },
    });
    // The signature covers the body the worker forwards.
    expect(request.headers['x-webhook-signature']).toBe(
      signWebhookBody('s', JSON.stringify(request.body)),
    );
  });

  it('refuses http targets unless allowed, directly and through the worker', async () => {
    await expect(
      sendWebhook({ url: `${receiver.url}/hook` }, notification, { allowHttp: false }),
    ).rejects.toThrow(/https/);
    await expect(
      sendWebhook({ url: 'http://hooks.example.com/in' }, notification, {
        allowHttp: false,
        worker: { url: receiver.url, key: 'k' },
      }),
    ).rejects.toThrow(/https/);
    expect(receiver.received).toHaveLength(0);
  });

  it('fails on an answer other than 2xx, and after the timeout', async () => {
    receiver.behaviour.status = 500;
    await expect(
      sendWebhook({ url: `${receiver.url}/hook` }, notification, { allowHttp: true }),
    ).rejects.toThrow('status code: 500');
    receiver.behaviour.status = 200;
    receiver.behaviour.delayMs = 500;
    await expect(
      sendWebhook({ url: `${receiver.url}/slow` }, notification, {
        allowHttp: true,
        timeoutMs: 100,
      }),
    ).rejects.toThrow();
  });
});
