import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOUND_URL_OPTIONS } from '../../src/options/outbound-url-options.js';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';

/**
 * Options holding an address the server fetches (`WorkerUrl`, the WeChat server, OIDC discovery
 * and endpoints) or hands to payment providers (`CustomCallbackAddress`): an internal address is
 * refused when saved, unless OUTBOUND_ALLOWED_HOSTS allows it.
 */
describe('options holding outbound addresses', () => {
  let harness: TestApp;
  let root: Session;
  const keys = [...OUTBOUND_URL_OPTIONS];

  const save = async (key: string, value: string) =>
    (await harness.call(root, 'PUT', '/api/option/', { key, value })).json() as {
      success: boolean;
      message: string;
    };
  const stored = async (key: string) =>
    (
      (await harness.call(root, 'GET', '/api/option/')).json().data as {
        key: string;
        value: string;
      }[]
    ).find((option) => option.key === key)?.value;

  beforeAll(async () => {
    harness = await createTestApp('sqlite', {
      OUTBOUND_ALLOWED_HOSTS: 'worker.internal,10.1.0.0/16',
    });
    root = await harness.setupRoot();
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('covers the worker, the callback address, WeChat and OIDC', () => {
    expect(keys.sort()).toEqual([
      'CustomCallbackAddress',
      'WeChatServerAddress',
      'WorkerUrl',
      'oidc.token_endpoint',
      'oidc.user_info_endpoint',
      'oidc.well_known',
    ]);
  });

  it.each([
    ['http://127.0.0.1:8080/', '127.0.0.1 is a loopback address'],
    ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is a link-local address'],
    ['https://[::1]/', '::1 is a loopback address'],
    ['https://0x7f000001/', '127.0.0.1 is a loopback address'],
    ['https://192.168.0.10/callback', '192.168.0.10 is a private address'],
    ['https://[fd00:ec2::254]/', 'fd00:ec2::254 is a unique-local address'],
    ['https://localhost/', 'localhost resolves to'],
  ])('refuses %s for every such option, leaving the stored value', async (url, reason) => {
    for (const key of keys) {
      const before = await stored(key);
      const answer = await save(key, url);
      expect(answer.success).toBe(false);
      expect(answer.message).toContain(`${key} 不能指向内部地址：${reason}`);
      expect(await stored(key)).toBe(before);
    }
  });

  it('saves public addresses, and internal ones the operator allowed', async () => {
    for (const url of [
      'https://93.184.216.34/pay/notify',
      'http://worker.internal:8787',
      'https://10.1.2.3/',
      '',
    ]) {
      for (const key of keys) {
        expect(await save(key, url)).toEqual({ success: true, message: '' });
        expect(await stored(key)).toBe(url);
      }
    }
  });

  it("keeps the catalogue's own message for what is not an http(s) address", async () => {
    const answer = await save('CustomCallbackAddress', 'ftp://pay.example.com/');
    expect(answer.success).toBe(false);
    expect(answer.message).not.toContain('内部地址');
  });
});
