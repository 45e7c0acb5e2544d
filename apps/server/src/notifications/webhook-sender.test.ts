import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startWebhookPeer, type WebhookPeer } from '../../test/support/notification-peers.js';
import { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';
import type { Notification } from './notification.js';
import { sendWebhook, signWebhookBody } from './webhook-sender.js';

const notification: Notification = {
  type: 'quota_exceed',
  title: '您的额度即将用尽',
  content: '{{value}}，当前剩余额度为 {{value}}',
  values: ['您的额度即将用尽', '＄0.100000'],
};

/** Names the tests use, answered without DNS. */
const resolve = async (hostname: string) => {
  const table: Record<string, string> = {
    'hooks.example.com': '93.184.216.34',
    'metadata.test': '169.254.169.254',
    'intranet.test': '10.1.2.3',
  };
  const address = table[hostname];
  if (!address) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};

describe('webhook sender', () => {
  let receiver: WebhookPeer;
  // The receiver is on loopback: allowed explicitly, as an operator would.
  const outbound = new OutboundGuard({ allowedHosts: ['127.0.0.1'], resolve });
  const guarded = new OutboundGuard({ resolve });

  beforeAll(async () => {
    receiver = await startWebhookPeer();
  });
  afterAll(async () => {
    await receiver.close();
    await outbound.close();
    await guarded.close();
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
      outbound,
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
    await sendWebhook({ url: `${receiver.url}/plain` }, notification, {
      allowHttp: true,
      outbound,
    });
    expect(receiver.received[0].headers['x-webhook-signature']).toBeUndefined();
    expect(receiver.received[0].headers.authorization).toBeUndefined();
  });

  it('goes through the worker with {url, key, method, headers, body}', async () => {
    await sendWebhook({ url: 'https://hooks.example.com/in', secret: 's' }, notification, {
      allowHttp: false,
      outbound,
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
      sendWebhook({ url: `${receiver.url}/hook` }, notification, { allowHttp: false, outbound }),
    ).rejects.toThrow(/https/);
    await expect(
      sendWebhook({ url: 'http://hooks.example.com/in' }, notification, {
        allowHttp: false,
        outbound,
        worker: { url: receiver.url, key: 'k' },
      }),
    ).rejects.toThrow(/https/);
    expect(receiver.received).toHaveLength(0);
  });

  it('fails on an answer other than 2xx, and after the timeout', async () => {
    receiver.behaviour.status = 500;
    await expect(
      sendWebhook({ url: `${receiver.url}/hook` }, notification, { allowHttp: true, outbound }),
    ).rejects.toThrow('status code: 500');
    receiver.behaviour.status = 200;
    receiver.behaviour.delayMs = 500;
    await expect(
      sendWebhook({ url: `${receiver.url}/slow` }, notification, {
        allowHttp: true,
        outbound,
        timeoutMs: 100,
      }),
    ).rejects.toThrow();
  });

  it('refuses internal addresses, as literals, names or redirects, without sending', async () => {
    const options = { allowHttp: true, outbound: guarded };
    for (const [url, reason] of [
      ['https://127.0.0.1/hook', '127.0.0.1 is a loopback address'],
      ['http://169.254.169.254/latest', '169.254.169.254 is a link-local address'],
      ['https://[::1]/hook', '::1 is a loopback address'],
      ['https://0x7f000001/hook', '127.0.0.1 is a loopback address'],
      ['https://metadata.test/hook', 'metadata.test resolves to 169.254.169.254'],
      [`${receiver.url}/hook`, '127.0.0.1 is a loopback address'],
    ]) {
      await expect(sendWebhook({ url }, notification, options)).rejects.toThrow(
        `webhook URL refused: ${reason}`,
      );
    }
    expect(receiver.received).toHaveLength(0);

    // An allowed receiver that redirects inward: the second hop is refused.
    const redirecting = createServer((_request, response) => {
      response.writeHead(307, { location: 'http://intranet.test/admin' }).end();
    });
    await new Promise<void>((done) => redirecting.listen(0, '127.0.0.1', done));
    try {
      const port = (redirecting.address() as AddressInfo).port;
      await expect(
        sendWebhook({ url: `http://127.0.0.1:${port}/hook` }, notification, {
          allowHttp: true,
          outbound,
        }),
      ).rejects.toThrow(
        'webhook URL refused: intranet.test resolves to 10.1.2.3, a private address',
      );
    } finally {
      await new Promise((done) => redirecting.close(done));
    }
  });

  it('refuses an internal target handed to the worker, and an internal worker', async () => {
    const internalTarget = sendWebhook({ url: 'https://metadata.test/hook' }, notification, {
      allowHttp: false,
      outbound,
      worker: { url: receiver.url, key: 'k' },
    });
    await expect(internalTarget).rejects.toThrow(
      'webhook URL refused: metadata.test resolves to 169.254.169.254, a link-local address',
    );
    const internalWorker = sendWebhook({ url: 'https://hooks.example.com/in' }, notification, {
      allowHttp: false,
      outbound: guarded,
      worker: { url: `${receiver.url}/worker`, key: 'k' },
    });
    await expect(internalWorker).rejects.toThrow(
      'webhook URL refused: 127.0.0.1 is a loopback address',
    );
    expect(receiver.received).toHaveLength(0);
  });
});
