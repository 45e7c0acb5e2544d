/**
 * The one table of channel types (new-api's ids 1–27, 31, 33–48, 50–53). The server's adaptor registry,
 * default addresses, model owners and "not supported yet" answers, and the console's type picker
 * are all derived from it: no channel-type number is written anywhere else. Code names a type by
 * its key: `CHANNEL_TYPE.anthropic`.
 */

import type {
  ChannelFamily,
  ChannelKeyFormat,
  ChannelTypeDefinition,
} from './channel-type-definition.js';

export type * from './channel-type-definition.js';

/** The fields a row sets beyond its name, family, address, owner and colour. */
type RowExtras = Pick<
  ChannelTypeDefinition,
  'vendor' | 'streamUsageOption' | 'keyFormat' | 'baseUrlField' | 'otherField' | 'otherDefault'
>;

/** A key of several parts joined by `separator`, e.g. `APIKey|SecretKey`. */
function parts(
  separator: '|' | '-' | '.',
  ...names: string[]
): Extract<ChannelKeyFormat, { kind: 'parts' }> {
  return { kind: 'parts', separator, parts: names };
}

function type(
  id: number,
  key: string,
  name: string,
  family: ChannelFamily,
  defaultBaseUrl: string,
  owner: string,
  color: string,
  extra: RowExtras = {},
): ChannelTypeDefinition {
  return { id, key, name, family, defaultBaseUrl, owner, color, ...extra };
}

/** Every type, in the order of the console's type picker. */
export const CHANNEL_TYPE_TABLE = [
  type(1, 'openAi', 'OpenAI', 'openai', 'https://api.openai.com', 'openai', 'green', {
    vendor: 'openai',
    streamUsageOption: true,
  }),
  type(2, 'midjourney', 'Midjourney Proxy', 'task', 'https://oa.api2d.net', 'custom', 'blue'),
  type(
    5,
    'midjourneyPlus',
    'Midjourney Proxy Plus',
    'task',
    'https://api.openai-sb.com',
    'custom',
    'geekblue',
  ),
  type(36, 'suno', 'Suno API', 'task', '', 'custom', 'purple', { baseUrlField: 'suno' }),
  // Video platforms (served by the server's video tasks): Kling signs each call with a JWT made
  // from the key's two halves, Jimeng (Volcengine's visual API) signs each request with them.
  type(50, 'kling', 'Kling', 'task', 'https://api.klingai.com', 'kling', 'orange', {
    keyFormat: parts('|', 'AccessKey', 'SecretKey'),
  }),
  type(51, 'jimeng', 'Jimeng', 'task', 'https://visual.volcengineapi.com', 'jimeng', 'blue', {
    keyFormat: parts('|', 'AccessKeyID', 'SecretAccessKey'),
  }),
  type(52, 'vidu', 'Vidu', 'task', 'https://api.vidu.cn', 'vidu', 'cyan'),
  type(4, 'ollama', 'Ollama', 'openai', 'http://localhost:11434', 'custom', 'default', {
    streamUsageOption: true,
  }),
  type(
    14,
    'anthropic',
    'Anthropic',
    'anthropic',
    'https://api.anthropic.com',
    'claude',
    'geekblue',
    {
      vendor: 'anthropic',
    },
  ),
  type(33, 'aws', 'AWS Bedrock', 'bedrock', '', 'aws', 'geekblue', {
    keyFormat: parts('|', 'Ak', 'Sk', 'Region'),
  }),
  type(41, 'vertexAi', 'Vertex AI', 'vertex', '', 'vertex-ai', 'blue', {
    keyFormat: { kind: 'json' },
    otherField: 'region',
  }),
  type(3, 'azure', 'Azure OpenAI', 'openai', '', 'openai', 'cyan', {
    streamUsageOption: true,
    baseUrlField: 'azure-endpoint',
    otherField: 'api-version',
  }),
  type(34, 'cohere', 'Cohere', 'cohere', 'https://api.cohere.ai', 'cohere', 'purple'),
  type(
    39,
    'cloudflare',
    'Cloudflare',
    'cloudflare',
    'https://api.cloudflare.com',
    'cloudflare',
    'default',
    { streamUsageOption: true, otherField: 'account-id' },
  ),
  type(43, 'deepSeek', 'DeepSeek', 'openai', 'https://api.deepseek.com', 'deepseek', 'blue', {
    vendor: 'deepseek',
  }),
  type(15, 'baidu', 'Baidu', 'baidu', 'https://aip.baidubce.com', 'baidu', 'blue', {
    keyFormat: parts('|', 'APIKey', 'SecretKey'),
  }),
  type(46, 'baiduV2', 'Baidu v2', 'openai', 'https://qianfan.baidubce.com', 'baidu_v2', 'blue'),
  type(17, 'ali', 'Ali', 'ali', 'https://dashscope.aliyuncs.com', 'ali', 'orange', {
    streamUsageOption: true,
    otherField: 'plugin',
  }),
  type(18, 'xunfei', 'Xunfei', 'xunfei', '', 'xunfei', 'blue', {
    keyFormat: parts('|', 'APPID', 'APISecret', 'APIKey'),
    otherField: 'spark-version',
    otherDefault: 'v2.1',
  }),
  // Zhipu signs each call with a JWT made from the key's two halves.
  type(16, 'zhipu', 'Zhipu', 'zhipu', 'https://open.bigmodel.cn', 'zhipu', 'purple', {
    keyFormat: parts('.', 'id', 'secret'),
  }),
  type(26, 'zhipuV4', 'Zhipu v4', 'zhipu-v4', 'https://open.bigmodel.cn', 'zhipu_4v', 'purple', {
    keyFormat: parts('.', 'id', 'secret'),
  }),
  type(
    24,
    'gemini',
    'Gemini',
    'gemini',
    'https://generativelanguage.googleapis.com',
    'google gemini',
    'orange',
    {
      vendor: 'google',
    },
  ),
  type(11, 'palm', 'PaLM', 'palm', '', 'custom', 'orange'),
  type(47, 'xinference', 'Xinference', 'openai', '', 'xinference', 'blue'),
  type(25, 'moonshot', 'Moonshot', 'openai', 'https://api.moonshot.cn', 'moonshot', 'green', {
    vendor: 'moonshot',
  }),
  type(
    20,
    'openRouter',
    'OpenRouter',
    'openai',
    'https://openrouter.ai/api',
    'openrouter',
    'green',
  ),
  type(19, 'ai360', '360', 'openai', 'https://api.360.cn', 'ai360', 'blue'),
  type(
    23,
    'tencent',
    'Tencent',
    'tencent',
    'https://hunyuan.tencentcloudapi.com',
    'tencent',
    'cyan',
    { keyFormat: parts('|', 'AppId', 'SecretId', 'SecretKey') },
  ),
  type(
    31,
    'lingYiWanWu',
    'LingYiWanWu',
    'openai',
    'https://api.lingyiwanwu.com',
    'lingyiwanwu',
    'green',
  ),
  type(35, 'miniMax', 'MiniMax', 'openai', 'https://api.minimax.chat', 'minimax', 'green'),
  type(37, 'dify', 'Dify', 'dify', 'https://api.dify.ai', 'dify', 'cyan'),
  type(38, 'jina', 'Jina', 'openai', 'https://api.jina.ai', 'jina', 'blue'),
  type(
    40,
    'siliconFlow',
    'SiliconFlow',
    'openai',
    'https://api.siliconflow.cn',
    'siliconflow',
    'purple',
  ),
  type(42, 'mistral', 'Mistral', 'openai', 'https://api.mistral.ai', 'mistral', 'blue', {
    vendor: 'mistralai',
  }),
  type(48, 'xAi', 'xAI', 'openai', 'https://api.x.ai', 'xai', 'default', {
    vendor: 'xai',
    streamUsageOption: true,
  }),
  type(53, 'submodel', 'Submodel', 'openai', 'https://llm.submodel.ai', 'submodel', 'blue'),
  type(27, 'perplexity', 'Perplexity', 'openai', 'https://api.perplexity.ai', 'perplexity', 'cyan'),
  type(6, 'openAiMax', 'OpenAIMax', 'openai', 'https://api.openaimax.com', 'custom', 'default'),
  type(7, 'ohMyGpt', 'OhMyGPT', 'openai', 'https://api.ohmygpt.com', 'custom', 'default'),
  type(9, 'ails', 'AILS', 'openai', 'https://api.caipacity.com', 'custom', 'default'),
  type(10, 'aiProxy', 'AIProxy', 'openai', 'https://api.aiproxy.io', 'custom', 'default'),
  type(12, 'api2Gpt', 'API2GPT', 'openai', 'https://api.api2gpt.com', 'custom', 'default'),
  type(13, 'aigc2d', 'AIGC2D', 'openai', 'https://api.aigc2d.com', 'custom', 'default'),
  type(8, 'custom', 'Custom', 'openai', '', 'custom', 'magenta', { baseUrlField: 'full-url' }),
  type(22, 'fastGpt', 'FastGPT', 'openai', 'https://fastgpt.run/api/openapi', 'custom', 'blue', {
    keyFormat: parts('-', 'APIKey', 'AppId'),
    baseUrlField: 'private-deployment',
  }),
  type(
    21,
    'aiProxyLibrary',
    'AIProxy Library',
    'none',
    'https://api.aiproxy.io',
    'custom',
    'purple',
    { otherField: 'knowledge-base-id' },
  ),
  type(44, 'mokaAi', 'MokaAI', 'openai', 'https://api.moka.ai', 'mokaai', 'purple'),
  type(
    45,
    'volcEngine',
    'VolcEngine',
    'openai',
    'https://ark.cn-beijing.volces.com',
    'volcengine',
    'blue',
    { streamUsageOption: true, baseUrlField: 'none' },
  ),
] as const satisfies readonly ChannelTypeDefinition[];

/** A channel type's key. */
export type ChannelTypeKey = (typeof CHANNEL_TYPE_TABLE)[number]['key'];

/** Channel type ids by key: `CHANNEL_TYPE.anthropic` is 14. */
export const CHANNEL_TYPE = Object.freeze(
  Object.fromEntries(CHANNEL_TYPE_TABLE.map((entry) => [entry.key, entry.id])),
) as { readonly [Key in ChannelTypeKey]: number };

const byId: ReadonlyMap<number, ChannelTypeDefinition> = new Map(
  CHANNEL_TYPE_TABLE.map((entry) => [entry.id, entry]),
);

/** The definition of a channel type, or undefined for an id no release defines. */
export function channelTypeDefinition(id: number): ChannelTypeDefinition | undefined {
  return byId.get(id);
}

export function isKnownChannelType(id: number): boolean {
  return byId.has(id);
}
