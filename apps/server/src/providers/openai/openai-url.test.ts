import { describe, expect, it } from 'vitest';
import { RelayError } from '../../errors/relay-error.js';
import type { RelayCallInput } from '../provider-adaptor.js';
import { makeCallInput, makeChannel } from '../__fixtures__/relay-call-input.js';
import { DEFAULT_OPENAI_ADAPTOR_SETTINGS } from './openai-adaptor-settings.js';
import { plainOpenAiProfile } from './openai-compatible-profile.js';
import { openAiProfileOf } from '../vendors.js';
import { buildOpenAiUrl } from './openai-url.js';

function urlFor(
  overrides: Partial<RelayCallInput>,
  channel: Parameters<typeof makeChannel>[0] = {},
): string {
  const input = makeCallInput({ ...overrides, channel: makeChannel(channel) });
  const profile = openAiProfileOf(input.channel.type) ?? plainOpenAiProfile('test');
  return buildOpenAiUrl(profile, input, input.upstreamModel, DEFAULT_OPENAI_ADAPTOR_SETTINGS);
}

describe('buildOpenAiUrl', () => {
  it('appends the client path and query to the base URL', () => {
    expect(urlFor({ query: 'foo=1' }, { baseUrl: 'https://api.openai.com/' })).toBe(
      'https://api.openai.com/v1/chat/completions?foo=1',
    );
    expect(urlFor({ mode: 'embeddings', path: '/v1/embeddings' })).toBe(
      'https://upstream.example/v1/embeddings',
    );
  });

  it("uses the type's default base URL when the channel has none", () => {
    expect(urlFor({}, { type: 1, baseUrl: '' })).toBe('https://api.openai.com/v1/chat/completions');
    expect(urlFor({}, { type: 20, baseUrl: '' })).toBe(
      'https://openrouter.ai/api/v1/chat/completions',
    );
    expect(urlFor({}, { type: 25, baseUrl: '' })).toBe(
      'https://api.moonshot.cn/v1/chat/completions',
    );
    expect(urlFor({}, { type: 22, baseUrl: '' })).toBe(
      'https://fastgpt.run/api/openapi/v1/chat/completions',
    );
  });

  it('fails locally when a type without default has no base URL', () => {
    expect(() => urlFor({}, { type: 3, baseUrl: '' })).toThrow(RelayError);
    expect(() => urlFor({}, { type: 8, baseUrl: '' })).toThrow(/no base URL/);
  });

  describe('Azure (type 3)', () => {
    const azure = { type: 3, baseUrl: 'https://my-resource.openai.azure.com' };

    it('targets the deployment named after the model without dots, with the default api-version', () => {
      expect(urlFor({ upstreamModel: 'gpt-3.5-turbo' }, azure)).toBe(
        'https://my-resource.openai.azure.com/openai/deployments/gpt-35-turbo/chat/completions?api-version=2024-12-01-preview',
      );
    });

    it('takes api-version from the query first, then the channel other field', () => {
      expect(
        urlFor({ query: 'api-version=2025-01-01&x=1' }, { ...azure, other: '2024-06-01' }),
      ).toMatch(/\?api-version=2025-01-01$/);
      expect(urlFor({}, { ...azure, other: ' 2024-06-01 ' })).toMatch(/\?api-version=2024-06-01$/);
    });

    it('maps every mode path under the deployment', () => {
      expect(
        urlFor(
          { mode: 'embeddings', path: '/v1/embeddings', upstreamModel: 'text-embedding-3-small' },
          azure,
        ),
      ).toBe(
        'https://my-resource.openai.azure.com/openai/deployments/text-embedding-3-small/embeddings?api-version=2024-12-01-preview',
      );
      expect(
        urlFor(
          { mode: 'transcription', path: '/v1/audio/transcriptions', upstreamModel: 'whisper' },
          azure,
        ),
      ).toBe(
        'https://my-resource.openai.azure.com/openai/deployments/whisper/audio/transcriptions?api-version=2024-12-01-preview',
      );
    });

    it('drops /openai/deployments behind Cloudflare AI Gateway', () => {
      const gateway = {
        type: 3,
        baseUrl: 'https://gateway.ai.cloudflare.com/v1/acct/gw/azure-openai/res',
      };
      expect(urlFor({ upstreamModel: 'gpt-4o' }, gateway)).toBe(
        'https://gateway.ai.cloudflare.com/v1/acct/gw/azure-openai/res/gpt-4o/chat/completions?api-version=2024-12-01-preview',
      );
    });
  });

  it('drops /v1 from the path behind Cloudflare AI Gateway (OpenAI)', () => {
    expect(urlFor({}, { baseUrl: 'https://gateway.ai.cloudflare.com/v1/acct/gw/openai' })).toBe(
      'https://gateway.ai.cloudflare.com/v1/acct/gw/openai/chat/completions',
    );
  });

  it('uses the Custom (type 8) base URL as the full URL with {model} replaced', () => {
    const custom = { type: 8, baseUrl: 'https://llm.internal/models/{model}/chat?token=abc' };
    expect(urlFor({ upstreamModel: 'llama-3', query: 'ignored=1' }, custom)).toBe(
      'https://llm.internal/models/llama-3/chat?token=abc',
    );
  });

  it('uses fixed paths for MiniMax, Perplexity, DeepSeek completions and VolcEngine', () => {
    expect(urlFor({}, { type: 35, baseUrl: '' })).toBe(
      'https://api.minimax.chat/v1/text/chatcompletion_v2',
    );
    expect(urlFor({}, { type: 27, baseUrl: '' })).toBe(
      'https://api.perplexity.ai/chat/completions',
    );
    expect(
      urlFor({ mode: 'completions', path: '/v1/completions' }, { type: 43, baseUrl: '' }),
    ).toBe('https://api.deepseek.com/beta/completions');
    expect(urlFor({}, { type: 43, baseUrl: '' })).toBe(
      'https://api.deepseek.com/v1/chat/completions',
    );
    const volc = { type: 45, baseUrl: '' };
    expect(urlFor({ upstreamModel: 'doubao-pro' }, volc)).toBe(
      'https://ark.cn-beijing.volces.com/api/v3/chat/completions',
    );
    expect(urlFor({ upstreamModel: 'bot-2024' }, volc)).toBe(
      'https://ark.cn-beijing.volces.com/api/v3/bots/chat/completions',
    );
    expect(urlFor({ mode: 'embeddings', path: '/v1/embeddings' }, volc)).toBe(
      'https://ark.cn-beijing.volces.com/api/v3/embeddings',
    );
  });

  it('sends Baidu v2 (Qianfan) calls to its v2 API', () => {
    const qianfan = { type: 46, baseUrl: '' };
    expect(urlFor({ upstreamModel: 'ernie-4.0-8k' }, qianfan)).toBe(
      'https://qianfan.baidubce.com/v2/chat/completions',
    );
    expect(urlFor({ mode: 'embeddings', path: '/v1/embeddings' }, qianfan)).toBe(
      'https://qianfan.baidubce.com/v2/embeddings',
    );
  });
});
