import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-env.js';
import { readModelSyncConfig } from './config-model-sync.js';

describe('official model sync settings', () => {
  it('defaults to new-api values', () => {
    expect(readModelSyncConfig({})).toEqual({
      upstreamBase: 'https://basellm.github.io/llm-metadata',
      attempts: 3,
      maxBytes: 10 * 1024 * 1024,
      timeoutMs: 15_000,
    });
  });

  it('reads the variables, the base without its trailing slashes, 0 attempts as one', () => {
    expect(
      readModelSyncConfig({
        SYNC_UPSTREAM_BASE: 'http://meta.internal:8080/llm/',
        SYNC_HTTP_RETRY: '0',
        SYNC_HTTP_MAX_MB: '2',
        SYNC_HTTP_TIMEOUT_SECONDS: '30',
      }),
    ).toEqual({
      upstreamBase: 'http://meta.internal:8080/llm',
      attempts: 1,
      maxBytes: 2 * 1024 * 1024,
      timeoutMs: 30_000,
    });
  });

  it('stops the start on a value it cannot use', () => {
    expect(() => readModelSyncConfig({ SYNC_UPSTREAM_BASE: 'ftp://x' })).toThrow(ConfigError);
    expect(() => readModelSyncConfig({ SYNC_HTTP_MAX_MB: '0' })).toThrow(/SYNC_HTTP_MAX_MB/);
    expect(() => readModelSyncConfig({ SYNC_HTTP_TIMEOUT_SECONDS: 'x' })).toThrow(ConfigError);
  });
});
