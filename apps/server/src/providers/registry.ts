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
import { fetchAccessToken, VertexTokenCache } from './vertex/vertex-access-token.js';
import { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';
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
  /**
   * Fetches URLs that come from a channel's key or an upstream's answer rather than the channel's
   * base URL (Vertex AI token URLs, DashScope result images); a guard without an allow list when
   * omitted.
   */
  outbound?: OutboundGuard;
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
  const outbound = settings.outbound ?? new OutboundGuard();
  const vertex = new VertexAdaptor(
    geminiSettings,
    anthropicSettings,
    new VertexTokenCache(
      (account) => fetchAccessToken(account, outbound),
      settings.accessTokens?.('vertex'),
    ),
  );
  // Zhipu v3 and v4 sign the same kind of token from the same kind of key.
  const zhipuTokens = new ZhipuTokenCache();
  // Every family is named, so a family added to the channel-type table without an adaptor here
  // fails to compile instead of answering 501.
  const adaptorFor = (type: ChannelTypeDefinition): ProviderAdaptor | undefined => {
    switch (type.family) {
      case 'openai':
        return new OpenAiAdaptor(openAiCompatibleProfile(type.key), openAiSettings);
      case 'anthropic':
        return anthropic;
      case 'bedrock':
        return new BedrockAdaptor(anthropicSettings);
      case 'cohere':
        return new CohereAdaptor(settings.cohere ?? DEFAULT_COHERE_SETTINGS);
      case 'gemini':
        return gemini;
      case 'vertex':
        return vertex;
      case 'zhipu':
        return new ZhipuAdaptor(zhipuTokens);
      case 'zhipu-v4':
        return new ZhipuV4Adaptor(openAiCompatibleProfile(type.key), openAiSettings, zhipuTokens);
      case 'ali':
        return new AliAdaptor(settings.ali ?? DEFAULT_ALI_SETTINGS, outbound);
      case 'cloudflare':
        return new CloudflareAdaptor(openAiSettings);
      case 'baidu':
        return new BaiduAdaptor(new BaiduTokenCache(undefined, settings.accessTokens?.('baidu')));
      case 'tencent':
        return new TencentAdaptor();
      case 'xunfei':
        return new XunfeiAdaptor(settings.xunfei ?? DEFAULT_XUNFEI_SETTINGS);
      case 'dify':
        return new DifyAdaptor(settings.dify ?? DEFAULT_DIFY_SETTINGS);
      case 'task':
      case 'none':
      case 'palm':
        return undefined;
      default: {
        const unhandled: never = type.family;
        throw new Error(`channel family ${String(unhandled)} has no adaptor`);
      }
    }
  };
  for (const type of CHANNEL_TYPE_TABLE) {
    const adaptor = adaptorFor(type);
    if (adaptor) adaptors.set(type.id, adaptor);
  }

  return {
    getAdaptor(channelType: number): ProviderAdaptor {
      const adaptor = adaptors.get(channelType);
      if (adaptor) return adaptor;
      throw noAdaptorError(channelType, channelTypeDefinition(channelType));
    },
  };
}

/** Why a channel type has no adaptor: unknown or never relays (400), or retired upstream (501). */
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
  // PaLM (every other family has an adaptor): Google retired the API; its models live on as Gemini.
  return new RelayError(
    501,
    `channel type ${id} (${type.name}): Google has shut down the PaLM API; use a Google Gemini channel (type 24) instead`,
    'new_api_error',
    'channel_type_retired',
  );
}

/** The default base URL of a channel type ('' when it has none, e.g. Azure and Custom). */
export function defaultBaseUrl(channelType: number): string {
  return channelTypeDefinition(channelType)?.defaultBaseUrl ?? '';
}
