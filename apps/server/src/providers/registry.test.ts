import { describe, expect, it } from 'vitest';
import { CHANNEL_TYPE_TABLE } from '@tollgate/contracts';
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
    expect(getAdaptor(39).name).toBe('cloudflare');
    expect(getAdaptor(38).name).toBe('jina');
    expect(getAdaptor(44).name).toBe('mokaai');
    expect(getAdaptor(15).name).toBe('baidu');
    expect(getAdaptor(46).name).toBe('baidu_v2');
    expect(getAdaptor(23).name).toBe('tencent');
    expect(getAdaptor(1)).toBe(getAdaptor(1));
  });

  it('has an adaptor for every type that relays: no type answers 501', () => {
    expect(getAdaptor(24).name).toBe('gemini');
    expect(getAdaptor(41).name).toBe('vertex');
    expect(getAdaptor(16).name).toBe('zhipu');
    expect(getAdaptor(26).name).toBe('zhipu_4v');
    expect(getAdaptor(17).name).toBe('ali');
    expect(getAdaptor(18).name).toBe('xunfei');
    expect(getAdaptor(37).name).toBe('dify');
    const relaying = CHANNEL_TYPE_TABLE.filter(
      (type) => type.family !== 'task' && type.family !== 'none' && type.key !== 'palm',
    );
    // 48 types less the six task platforms (three of them video), the AIProxy library and PaLM.
    expect(relaying).toHaveLength(40);
    for (const type of relaying) {
      expect(() => getAdaptor(type.id), `${type.name} (${type.id})`).not.toThrow();
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
