/**
 * The channel types new-api defines (types 1–27, 31, 33–48): display name and the upstream address
 * used when a channel's `base_url` is empty. Types without a default need an explicit address.
 */
export interface ChannelTypeInfo {
  name: string;
  /** '' when the type has no usable default (Azure, Custom, AWS, Vertex, ...). */
  defaultBaseUrl: string;
}

/** Channel type ids with special rules elsewhere in the server. */
export const CHANNEL_TYPE = {
  openAi: 1,
  azure: 3,
  custom: 8,
  anthropic: 14,
  ali: 17,
  gemini: 24,
  vertexAi: 41,
} as const;

const table: Record<number, ChannelTypeInfo> = {
  1: { name: 'OpenAI', defaultBaseUrl: 'https://api.openai.com' },
  2: { name: 'Midjourney Proxy', defaultBaseUrl: 'https://oa.api2d.net' },
  3: { name: 'Azure OpenAI', defaultBaseUrl: '' },
  4: { name: 'Ollama', defaultBaseUrl: 'http://localhost:11434' },
  5: { name: 'Midjourney Proxy Plus', defaultBaseUrl: 'https://api.openai-sb.com' },
  6: { name: 'OpenAIMax', defaultBaseUrl: 'https://api.openaimax.com' },
  7: { name: 'OhMyGPT', defaultBaseUrl: 'https://api.ohmygpt.com' },
  8: { name: 'Custom', defaultBaseUrl: '' },
  9: { name: 'AILS', defaultBaseUrl: 'https://api.caipacity.com' },
  10: { name: 'AIProxy', defaultBaseUrl: 'https://api.aiproxy.io' },
  11: { name: 'PaLM', defaultBaseUrl: '' },
  12: { name: 'API2GPT', defaultBaseUrl: 'https://api.api2gpt.com' },
  13: { name: 'AIGC2D', defaultBaseUrl: 'https://api.aigc2d.com' },
  14: { name: 'Anthropic', defaultBaseUrl: 'https://api.anthropic.com' },
  15: { name: 'Baidu', defaultBaseUrl: 'https://aip.baidubce.com' },
  16: { name: 'Zhipu', defaultBaseUrl: 'https://open.bigmodel.cn' },
  17: { name: 'Ali', defaultBaseUrl: 'https://dashscope.aliyuncs.com' },
  18: { name: 'Xunfei', defaultBaseUrl: '' },
  19: { name: '360', defaultBaseUrl: 'https://api.360.cn' },
  20: { name: 'OpenRouter', defaultBaseUrl: 'https://openrouter.ai/api' },
  21: { name: 'AIProxy Library', defaultBaseUrl: 'https://api.aiproxy.io' },
  22: { name: 'FastGPT', defaultBaseUrl: 'https://fastgpt.run/api/openapi' },
  23: { name: 'Tencent', defaultBaseUrl: 'https://hunyuan.tencentcloudapi.com' },
  24: { name: 'Gemini', defaultBaseUrl: 'https://generativelanguage.googleapis.com' },
  25: { name: 'Moonshot', defaultBaseUrl: 'https://api.moonshot.cn' },
  26: { name: 'Zhipu v4', defaultBaseUrl: 'https://open.bigmodel.cn' },
  27: { name: 'Perplexity', defaultBaseUrl: 'https://api.perplexity.ai' },
  31: { name: 'LingYiWanWu', defaultBaseUrl: 'https://api.lingyiwanwu.com' },
  33: { name: 'AWS Bedrock', defaultBaseUrl: '' },
  34: { name: 'Cohere', defaultBaseUrl: 'https://api.cohere.ai' },
  35: { name: 'MiniMax', defaultBaseUrl: 'https://api.minimax.chat' },
  36: { name: 'Suno API', defaultBaseUrl: '' },
  37: { name: 'Dify', defaultBaseUrl: 'https://api.dify.ai' },
  38: { name: 'Jina', defaultBaseUrl: 'https://api.jina.ai' },
  39: { name: 'Cloudflare', defaultBaseUrl: 'https://api.cloudflare.com' },
  40: { name: 'SiliconFlow', defaultBaseUrl: 'https://api.siliconflow.cn' },
  41: { name: 'Vertex AI', defaultBaseUrl: '' },
  42: { name: 'Mistral', defaultBaseUrl: 'https://api.mistral.ai' },
  43: { name: 'DeepSeek', defaultBaseUrl: 'https://api.deepseek.com' },
  44: { name: 'MokaAI', defaultBaseUrl: 'https://api.moka.ai' },
  45: { name: 'VolcEngine', defaultBaseUrl: 'https://ark.cn-beijing.volces.com' },
  46: { name: 'Baidu v2', defaultBaseUrl: 'https://qianfan.baidubce.com' },
  47: { name: 'Xinference', defaultBaseUrl: '' },
  48: { name: 'xAI', defaultBaseUrl: 'https://api.x.ai' },
};

/** Every known type, keyed by id. */
export const CHANNEL_TYPES: Readonly<Record<number, ChannelTypeInfo>> = Object.freeze(table);

export function isKnownChannelType(type: number): boolean {
  return Object.hasOwn(CHANNEL_TYPES, type);
}

/** The type's display name, or `Unknown (<id>)`. */
export function channelTypeName(type: number): string {
  return CHANNEL_TYPES[type]?.name ?? `Unknown (${type})`;
}

/** The address used when a channel has no `base_url` ('' for unknown types and those without one). */
export function defaultBaseUrl(type: number): string {
  return CHANNEL_TYPES[type]?.defaultBaseUrl ?? '';
}

/** The channel's own address, else its type's default, without a trailing slash. */
export function effectiveBaseUrl(type: number, baseUrl: string | null | undefined): string {
  const own = (baseUrl ?? '').trim();
  return stripTrailingSlashes(own !== '' ? own : defaultBaseUrl(type));
}

export function stripTrailingSlashes(url: string): string {
  return url.replace(/\/+$/, '');
}
