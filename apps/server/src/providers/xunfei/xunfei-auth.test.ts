import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RelayError } from '../../errors/relay-error.js';
import { parseSparkKey, signSparkUrl, sparkOrigin } from './xunfei-auth.js';
import { resolveSparkVersion, sparkDomain } from './xunfei-version.js';

describe('Spark credentials and signed URL', () => {
  it('splits APPID|APISecret|APIKey and refuses other keys as the operator’s mistake', () => {
    expect(parseSparkKey(' app | secret |key ')).toEqual({
      appId: 'app',
      apiSecret: 'secret',
      apiKey: 'key',
    });
    for (const bad of ['app|secret', 'app||key', 'a|b|c|d', '']) {
      const error = (() => {
        try {
          parseSparkKey(bad);
        } catch (caught) {
          return caught;
        }
      })();
      expect(error).toBeInstanceOf(RelayError);
      expect((error as RelayError).status).toBe(400);
      expect((error as RelayError).local).toBe(true);
    }
  });

  it('maps the channel base URL onto a websocket origin', () => {
    expect(sparkOrigin('').href).toBe('wss://spark-api.xf-yun.com/');
    expect(sparkOrigin('http://127.0.0.1:8080').href).toBe('ws://127.0.0.1:8080/');
    expect(sparkOrigin('https://proxy.example').href).toBe('wss://proxy.example/');
    expect(sparkOrigin('wss://spark.example').href).toBe('wss://spark.example/');
  });

  it('signs as in iFlytek’s documented example', () => {
    // The example of iFlytek's authentication documentation (its key, secret and date).
    const url = new URL(
      signSparkUrl(
        new URL('wss://spark-api.xf-yun.com'),
        'v1.1',
        {
          appId: 'app',
          apiSecret: 'MjlmNzkzNmZkMDQ2OTc0ZDdmNGE2ZTZi',
          apiKey: 'addd2272b6d8b7c8abdd79531420ca3b',
        },
        new Date('Fri, 05 May 2023 10:43:39 GMT'),
      ),
    );
    expect(url.origin + url.pathname).toBe('wss://spark-api.xf-yun.com/v1.1/chat');
    expect(url.searchParams.get('date')).toBe('Fri, 05 May 2023 10:43:39 GMT');
    expect(url.searchParams.get('host')).toBe('spark-api.xf-yun.com');
    expect(url.searchParams.get('authorization')).toBe(
      'YXBpX2tleT0iYWRkZDIyNzJiNmQ4YjdjOGFiZGQ3OTUzMTQyMGNhM2IiLCBhbGdvcml0aG09ImhtYWMtc2hhMjU2IiwgaGVhZGVycz0iaG9zdCBkYXRlIHJlcXVlc3QtbGluZSIsIHNpZ25hdHVyZT0iejVnSGR1M3B4VlY0QURNeWs0Njd3T1dEUTlxNkJRelIzbmZNVGpjL0RhUT0i',
    );
  });

  it('signs the host with its port when the base URL has one', () => {
    const date = new Date('2026-01-02T03:04:05Z');
    const url = new URL(
      signSparkUrl(
        sparkOrigin('http://127.0.0.1:9000'),
        'v3.5',
        { appId: 'a', apiSecret: 's', apiKey: 'k' },
        date,
      ),
    );
    expect(url.searchParams.get('host')).toBe('127.0.0.1:9000');
    const description = Buffer.from(url.searchParams.get('authorization')!, 'base64').toString();
    const expected = createHmac('sha256', 's')
      .update(`host: 127.0.0.1:9000\ndate: ${date.toUTCString()}\nGET /v3.5/chat HTTP/1.1`)
      .digest('base64');
    expect(description).toBe(
      `api_key="k", algorithm="hmac-sha256", headers="host date request-line", signature="${expected}"`,
    );
  });
});

describe('Spark API version and domain', () => {
  it('takes the query, then the model suffix, then the channel, then v1.1', () => {
    expect(resolveSparkVersion('api-version=v2.1', 'SparkDesk-v3.5', 'v4.0')).toBe('v2.1');
    expect(resolveSparkVersion('', 'SparkDesk-v3.5', 'v4.0')).toBe('v3.5');
    expect(resolveSparkVersion('', 'SparkDesk', 'v4.0')).toBe('v4.0');
    expect(resolveSparkVersion('', 'SparkDesk', '')).toBe('v1.1');
  });

  it('maps versions onto domains', () => {
    expect(sparkDomain('v1.1')).toBe('lite');
    expect(sparkDomain('v2.1')).toBe('generalv2');
    expect(sparkDomain('v3.1')).toBe('generalv3');
    expect(sparkDomain('v3.5')).toBe('generalv3.5');
    expect(sparkDomain('v4.0')).toBe('4.0Ultra');
    expect(sparkDomain('v5.0')).toBe('generalv5.0');
  });
});
