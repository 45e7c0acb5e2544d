import { describe, expect, it } from 'vitest';
import { RelayError } from '../errors/relay-error.js';
import { createProviderRegistry, defaultBaseUrl } from './registry.js';

const { getAdaptor } = createProviderRegistry();

function errorOf(type: number): RelayError {
  try {
    getAdaptor(type);
  } catch (error) {
    if (error instanceof RelayError) return error;
    throw error;
  }
  throw new Error(`type ${type} has an adaptor`);
}

describe('provider registry', () => {
  it('serves OpenAI-compatible types with the OpenAI format and type 14 with Anthropic', () => {
    for (const type of [
      1, 3, 4, 6, 7, 8, 9, 10, 12, 13, 19, 20, 22, 25, 27, 31, 35, 40, 42, 43, 45, 47, 48,
    ]) {
      expect(getAdaptor(type).supports('chat')).toBe(true);
    }
    expect(getAdaptor(14).name).toBe('anthropic');
    expect(getAdaptor(33).name).toBe('bedrock');
    expect(getAdaptor(34).name).toBe('cohere');
    expect(getAdaptor(43).name).toBe('deepseek');
    expect(getAdaptor(1)).toBe(getAdaptor(1));
  });

  it('names types that have no adaptor yet (local 501)', () => {
    const error = errorOf(15);
    expect(error.status).toBe(501);
    expect(error.local).toBe(true);
    expect(error.message).toBe('channel type 15 (Baidu) is not supported yet');
    expect(getAdaptor(24).name).toBe('gemini');
    expect(getAdaptor(41).name).toBe('vertex');
    expect(getAdaptor(18).name).toBe('xunfei');
    expect(getAdaptor(37).name).toBe('dify');
    for (const type of [15, 16, 17, 23, 26, 38, 39, 44, 46]) {
      expect(errorOf(type).message).toMatch(
        new RegExp(`^channel type ${type} \\(.+\\) is not supported yet$`),
      );
    }
  });

  it('says that PaLM (type 11) was shut down and points to Gemini', () => {
    const error = errorOf(11);
    expect(error.local).toBe(true);
    expect(error.message).toBe(
      'channel type 11 (PaLM): Google has shut down the PaLM API; use a Google Gemini channel (type 24) instead',
    );
  });

  it('refuses types that never relay chat calls and unknown types (local 400)', () => {
    for (const type of [2, 5, 21, 36, 0, 999]) {
      const error = errorOf(type);
      expect(error.status).toBe(400);
      expect(error.local).toBe(true);
    }
    expect(errorOf(21).message).toContain('invalid api type');
    expect(errorOf(999).message).toBe('invalid channel type 999');
  });

  it('knows default base URLs', () => {
    expect(defaultBaseUrl(1)).toBe('https://api.openai.com');
    expect(defaultBaseUrl(14)).toBe('https://api.anthropic.com');
    expect(defaultBaseUrl(3)).toBe('');
  });
});
