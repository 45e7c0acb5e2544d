/**
 * Channel types served by the OpenAI-compatible adaptor, with the per-type defaults needed to
 * build upstream URLs (reference §3.6). Kept apart from a general channel-type table so the
 * adaptor owns exactly what it relies on.
 */
export const OpenAiChannelType = {
  OpenAI: 1,
  Azure: 3,
  Ollama: 4,
  OpenAIMax: 6,
  OhMyGPT: 7,
  Custom: 8,
  AILS: 9,
  AIProxy: 10,
  API2GPT: 12,
  AIGC2D: 13,
  Api360: 19,
  OpenRouter: 20,
  FastGPT: 22,
  Moonshot: 25,
  Perplexity: 27,
  LingYiWanWu: 31,
  MiniMax: 35,
  SiliconFlow: 40,
  Mistral: 42,
  DeepSeek: 43,
  VolcEngine: 45,
  Xinference: 47,
  XAI: 48,
} as const;

/** Default base URL per type, used when a channel has none (no trailing slash). */
export const OPENAI_COMPATIBLE_DEFAULT_BASE_URLS: Readonly<Record<number, string>> = {
  1: 'https://api.openai.com',
  4: 'http://localhost:11434',
  6: 'https://api.openaimax.com',
  7: 'https://api.ohmygpt.com',
  9: 'https://api.caipacity.com',
  10: 'https://api.aiproxy.io',
  12: 'https://api.api2gpt.com',
  13: 'https://api.aigc2d.com',
  19: 'https://api.360.cn',
  20: 'https://openrouter.ai/api',
  22: 'https://fastgpt.run/api/openapi',
  25: 'https://api.moonshot.cn',
  27: 'https://api.perplexity.ai',
  31: 'https://api.lingyiwanwu.com',
  35: 'https://api.minimax.chat',
  40: 'https://api.siliconflow.cn',
  42: 'https://api.mistral.ai',
  43: 'https://api.deepseek.com',
  45: 'https://ark.cn-beijing.volces.com',
  48: 'https://api.x.ai',
};

/**
 * Channel types whose upstream honours `stream_options.include_usage` (reference §3.4 step 1).
 * Anthropic (14), Gemini (24), Bedrock (33) and Cloudflare (39) are in the reference list too;
 * their adaptors answer for themselves.
 */
export const STREAM_OPTIONS_CHANNEL_TYPES: ReadonlySet<number> = new Set([1, 3, 4, 45, 48]);

/** Azure `api-version` when neither the request query nor the channel names one. */
export const AZURE_DEFAULT_API_VERSION = '2024-12-01-preview';

/** App name OpenRouter shows for calls coming through Tollgate (`X-Title`). */
export const OPENROUTER_APP_TITLE = 'Tollgate';

/** The channel's base URL without trailing slashes, or the type's default. */
export function resolveBaseUrl(type: number, baseUrl: string): string {
  const chosen = baseUrl || OPENAI_COMPATIBLE_DEFAULT_BASE_URLS[type] || '';
  return chosen.replace(/\/+$/, '');
}
