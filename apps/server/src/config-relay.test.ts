import { describe, expect, it } from 'vitest';
import { ConfigError } from './config-env.js';
import { readRelayConfig } from './config-relay.js';

describe('readRelayConfig', () => {
  it('leaves the Gemini thresholds to the option and measures images by default', () => {
    const config = readRelayConfig({});
    expect(config.geminiSafetySetting).toBeUndefined();
    expect(config.mediaTokens).toEqual({ enabled: true, notStream: true });
  });

  it('reads GEMINI_SAFETY_SETTING in any case and refuses a threshold Gemini does not know', () => {
    expect(readRelayConfig({ GEMINI_SAFETY_SETTING: 'block_only_high' }).geminiSafetySetting).toBe(
      'BLOCK_ONLY_HIGH',
    );
    expect(readRelayConfig({ GEMINI_SAFETY_SETTING: 'BLOCK_NONE' }).geminiSafetySetting).toBe(
      'BLOCK_NONE',
    );
    expect(() => readRelayConfig({ GEMINI_SAFETY_SETTING: 'BLOCK_SOME' })).toThrow(ConfigError);
    expect(() => readRelayConfig({ GEMINI_SAFETY_SETTING: 'BLOCK_SOME' })).toThrow(
      /GEMINI_SAFETY_SETTING must be one of OFF, BLOCK_NONE/,
    );
  });

  it('reads GET_MEDIA_TOKEN and GET_MEDIA_TOKEN_NOT_STREAM', () => {
    expect(readRelayConfig({ GET_MEDIA_TOKEN: 'false' }).mediaTokens).toEqual({
      enabled: false,
      notStream: true,
    });
    expect(readRelayConfig({ GET_MEDIA_TOKEN_NOT_STREAM: '0' }).mediaTokens).toEqual({
      enabled: true,
      notStream: false,
    });
    expect(() => readRelayConfig({ GET_MEDIA_TOKEN: 'sometimes' })).toThrow(
      /GET_MEDIA_TOKEN must be true or false/,
    );
  });
});
