import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';

/** Per bounded key: a value an operator may save, and values that must be refused. */
const CASES: Array<[key: string, good: string, bad: string[]]> = [
  ['QuotaPerUnit', '1000000', ['0', '-5', '1e308', 'NaN', 'Infinity', '5000000000']],
  ['RetryTimes', '3', ['-1', '1000000000', '2.5']],
  ['PreConsumedQuota', '1000', ['-1', '99999999999']],
  ['ModelRequestRateLimitDurationMinutes', '5', ['0', '-1']],
  ['ModelRequestRateLimitCount', '0', ['-1']],
  ['ModelRequestRateLimitSuccessCount', '10', ['0']],
  ['ChannelDisableThreshold', '2.5', ['-1', '1e9']],
  ['DataExportInterval', '10', ['0', '100000']],
  ['Price', '7.3', ['-1', '1e308']],
  ['USDExchangeRate', '7.1', ['0', '-2']],
  ['ModelRatio', '{"gpt-4o":1.25}', ['{"gpt-4o":-1}', '{"gpt-4o":1e308}', '{"gpt-4o":"1"}']],
  ['ModelPrice', '{"dall-e-3":0.04}', ['{"dall-e-3":-0.04}', '{"dall-e-3":2e6}']],
  ['CompletionRatio', '{"gpt-4o":4}', ['{"gpt-4o":-4}']],
  ['CacheRatio', '{"gpt-4o":0.5}', ['{"gpt-4o":1e7}']],
  ['GroupRatio', '{"default":1,"vip":0.8}', ['{"default":-1}', '{"default":1e9}']],
  ['GroupGroupRatio', '{"vip":{"default":0.9}}', ['{"vip":{"default":-0.9}}']],
  ['TopupGroupRatio', '{"default":1}', ['{"default":-1}']],
  ['claude.default_max_tokens', '{"default":8192}', ['{"default":-1}', '{"default":1e9}']],
  ['Logo', 'https://cdn.example.com/logo.png', ['javascript:alert(1)', 'ftp://x/logo.png']],
  ['general_setting.ping_interval_seconds', '30', ['0', '100000']],
];

/**
 * Option values have bounds: a value an operator may mean is saved and read back; nonsense
 * (negative prices, NaN, 1e308, a billion retries, script URLs) is refused with a message naming
 * the key, and nothing is written.
 */
describe('option bounds', () => {
  let harness: TestApp;
  let root: Session;
  beforeAll(async () => {
    harness = await createTestApp('sqlite');
    root = await harness.setupRoot();
  });
  afterAll(async () => {
    await harness?.close();
  });

  const stored = async (key: string) =>
    (
      (await harness.call(root, 'GET', '/api/option/')).json().data as Array<{
        key: string;
        value: string;
      }>
    ).find((option) => option.key === key)?.value;

  it.each(CASES)('%s', async (key, good, bad) => {
    const saved = await harness.call(root, 'PUT', '/api/option/', { key, value: good });
    expect(saved.json(), key).toMatchObject({ success: true });
    expect(await stored(key)).toBe(good);
    for (const value of bad) {
      const refused = await harness.call(root, 'PUT', '/api/option/', { key, value });
      expect(refused.statusCode, `${key}=${value}`).toBe(200);
      expect(refused.json().success, `${key}=${value}`).toBe(false);
      // GroupRatio keeps new-api's own wording for a negative ratio.
      expect(refused.json().message, `${key}=${value}`).toMatch(
        key === 'GroupRatio' ? /GroupRatio|group ratio/ : key,
      );
      expect(await stored(key), `${key}=${value}`).toBe(good);
    }
  });
});
