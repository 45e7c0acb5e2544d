import {
  CHANNEL_TYPE_TABLE,
  channelTypeDefinition,
  type ChannelTypeDefinition,
} from '@tollgate/contracts';
import { RelayError } from '../errors/relay-error.js';
import type { ProviderAdaptor } from './provider-adaptor.js';
import {
  AnthropicAdaptor,
  DEFAULT_ANTHROPIC_SETTINGS,
  type AnthropicSettings,
} from './anthropic/anthropic-adaptor.js';
import {
  DEFAULT_OPENAI_ADAPTOR_SETTINGS,
  OpenAiAdaptor,
  type OpenAiAdaptorSettings,
} from './openai/openai-adaptor.js';
import { openAiCompatibleProfile } from './openai/openai-compatible-profiles.js';
import { BedrockAdaptor } from './bedrock/bedrock-adaptor.js';
import { CloudflareAdaptor } from './cloudflare/cloudflare-adaptor.js';
import {
  CohereAdaptor,
  DEFAULT_COHERE_SETTINGS,
  type CohereSettings,
} from './cohere/cohere-adaptor.js';
import {
  DEFAULT_GEMINI_SETTINGS,
  GeminiAdaptor,
  type GeminiSettings,
} from './gemini/gemini-adaptor.js';
import { AliAdaptor, DEFAULT_ALI_SETTINGS, type AliSettings } from './ali/ali-adaptor.js';
import { ZhipuAdaptor } from './zhipu/zhipu-adaptor.js';
import { ZhipuTokenCache } from './zhipu/zhipu-token.js';
import { ZhipuV4Adaptor } from './zhipu/zhipu-v4-adaptor.js';
import type { SharedTokenStores } from './access-token-cache.js';
import { VertexTokenCache } from './vertex/vertex-access-token.js';
import { VertexAdaptor } from './vertex/vertex-adaptor.js';
import { BaiduTokenCache } from './baidu/baidu-access-token.js';
import { BaiduAdaptor } from './baidu/baidu-adaptor.js';
import { TencentAdaptor } from './tencent/tencent-adaptor.js';
import { DEFAULT_DIFY_SETTINGS, DifyAdaptor, type DifySettings } from './dify/dify-adaptor.js';
import {
  DEFAULT_XUNFEI_SETTINGS,
  XunfeiAdaptor,
  type XunfeiSettings,
} from './xunfei/xunfei-adaptor.js';

/** Settings of the adaptors that follow options or deployment configuration. */
export interface ProviderRegistrySettings {
  openAi?: OpenAiAdaptorSettings;
  /** Read on every call, so option changes apply at once. */
  anthropic?: () => AnthropicSettings;
  cohere?: CohereSettings;
  /** Read on every call, so option changes apply at once. */
  gemini?: () => GeminiSettings;
  /** Where access tokens (Vertex AI, Baidu) are shared by the processes of a node (Redis). */
  accessTokens?: SharedTokenStores;
  /** DashScope image-task polling. */
  ali?: AliSettings;
  xunfei?: XunfeiSettings;
  dify?: DifySettings;
}

/** Looks up the adaptor for a channel type. */
export interface ProviderRegistry {
  /** The adaptor for `channelType`; throws a local RelayError for a type without one. */
  getAdaptor(channelType: number): ProviderAdaptor;
}

/** A registry with its own settings (one adaptor instance per channel type). */
export function createProviderRegistry(settings: ProviderRegistrySettings = {}): ProviderRegistry {
  const adaptors = new Map<number, ProviderAdaptor>();
  const openAiSettings = settings.openAi ?? DEFAULT_OPENAI_ADAPTOR_SETTINGS;
  const anthropicSettings = settings.anthropic ?? (() => DEFAULT_ANTHROPIC_SETTINGS);
  const anthropic = new AnthropicAdaptor(anthropicSettings);
  const geminiSettings = settings.gemini ?? (() => DEFAULT_GEMINI_SETTINGS);
  const gemini = new GeminiAdaptor(geminiSettings);
  const vertex = new VertexAdaptor(
    geminiSettings,
    anthropicSettings,
    new VertexTokenCache(undefined, settings.accessTokens?.('vertex')),
  );
  // Zhipu v3 and v4 sign the same kind of token from the same kind of key.
  const zhipuTokens = new ZhipuTokenCache();
  for (const type of CHANNEL_TYPE_TABLE) {
    if (type.family === 'openai') {
      adaptors.set(type.id, new OpenAiAdaptor(openAiCompatibleProfile(type.key), openAiSettings));
    } else if (type.family === 'anthropic') {
      adaptors.set(type.id, anthropic);
    } else if (type.family === 'bedrock') {
      adaptors.set(type.id, new BedrockAdaptor(anthropicSettings));
    } else if (type.family === 'cohere') {
      adaptors.set(type.id, new CohereAdaptor(settings.cohere ?? DEFAULT_COHERE_SETTINGS));
    } else if (type.family === 'gemini') {
      adaptors.set(type.id, gemini);
    } else if (type.family === 'vertex') {
      adaptors.set(type.id, vertex);
    } else if (type.family === 'zhipu') {
      adaptors.set(type.id, new ZhipuAdaptor(zhipuTokens));
    } else if (type.family === 'zhipu-v4') {
      const profile = openAiCompatibleProfile(type.key);
      adaptors.set(type.id, new ZhipuV4Adaptor(profile, openAiSettings, zhipuTokens));
    } else if (type.family === 'ali') {
      adaptors.set(type.id, new AliAdaptor(settings.ali ?? DEFAULT_ALI_SETTINGS));
    } else if (type.family === 'cloudflare') {
      adaptors.set(type.id, new CloudflareAdaptor(openAiSettings));
    } else if (type.family === 'baidu') {
      const tokens = new BaiduTokenCache(undefined, settings.accessTokens?.('baidu'));
      adaptors.set(type.id, new BaiduAdaptor(tokens));
    } else if (type.family === 'tencent') {
      adaptors.set(type.id, new TencentAdaptor());
    } else if (type.family === 'xunfei') {
      adaptors.set(type.id, new XunfeiAdaptor(settings.xunfei ?? DEFAULT_XUNFEI_SETTINGS));
    } else if (type.family === 'dify') {
      adaptors.set(type.id, new DifyAdaptor(settings.dify ?? DEFAULT_DIFY_SETTINGS));
    }
  }

  return {
    getAdaptor(channelType: number): ProviderAdaptor {
      const adaptor = adaptors.get(channelType);
      if (adaptor) return adaptor;
      throw noAdaptorError(channelType, channelTypeDefinition(channelType));
    },
  };
}

/** Why a channel type has no adaptor: not built yet (501), or never relays (400). */
function noAdaptorError(id: number, type: ChannelTypeDefinition | undefined): RelayError {
  if (!type) return RelayError.badRequest(`invalid channel type ${id}`, 'invalid_api_type');
  if (type.family === 'task') {
    const routes = type.key === 'suno' ? '/suno' : '/mj';
    return RelayError.badRequest(
      `channel type ${id} (${type.name}) serves only the ${routes} routes`,
      'invalid_api_type',
    );
  }
  if (type.family === 'none') {
    return RelayError.badRequest(
      `channel type ${id} (${type.name}) has no relay adaptor (invalid api type)`,
      'invalid_api_type',
    );
  }
  if (type.key === 'palm') {
    // Google retired the PaLM API; its models live on as Gemini.
    return new RelayError(
      501,
      `channel type ${id} (${type.name}): Google has shut down the PaLM API; use a Google Gemini channel (type 24) instead`,
      'new_api_error',
      'channel_type_retired',
    );
  }
  return new RelayError(
    501,
    `channel type ${id} (${type.name}) is not supported yet`,
    'new_api_error',
    'channel_type_not_supported',
  );
}

/** The default base URL of a channel type ('' when it has none, e.g. Azure and Custom). */
export function defaultBaseUrl(channelType: number): string {
  return channelTypeDefinition(channelType)?.defaultBaseUrl ?? '';
}
