import { RelayError } from '../relay/relay-error.js';
import type { ProviderAdaptor } from './provider-adaptor.js';
import {
  ANTHROPIC_DEFAULT_BASE_URL,
  AnthropicAdaptor,
  DEFAULT_ANTHROPIC_SETTINGS,
  type AnthropicSettings,
} from './anthropic/anthropic-adaptor.js';
import {
  DEFAULT_OPENAI_ADAPTOR_SETTINGS,
  OpenAiAdaptor,
  type OpenAiAdaptorSettings,
} from './openai/openai-adaptor.js';
import { OPENAI_COMPATIBLE_DEFAULT_BASE_URLS } from './openai/openai-channel-types.js';
import { OPENAI_COMPATIBLE_PROFILES } from './openai/openai-compatible-profiles.js';

const ANTHROPIC_CHANNEL_TYPE = 14;

/** Channel types that have no adaptor yet: a local 501 names them. */
const NOT_YET_SUPPORTED: Readonly<Record<number, string>> = {
  11: 'PaLM',
  15: 'Baidu',
  16: 'Zhipu',
  17: 'Ali',
  18: 'Xunfei',
  23: 'Tencent',
  24: 'Gemini',
  26: 'Zhipu v4',
  33: 'AWS Bedrock',
  34: 'Cohere',
  37: 'Dify',
  38: 'Jina',
  39: 'Cloudflare',
  41: 'Vertex AI',
  44: 'MokaAI',
  46: 'Baidu v2',
};

/** Channel types that exist but never relay OpenAI-style calls: a local 400 explains why. */
const NOT_RELAYABLE: Readonly<Record<number, string>> = {
  2: 'channel type 2 (Midjourney proxy) serves only the /mj routes',
  5: 'channel type 5 (Midjourney-Plus) serves only the /mj routes',
  21: 'channel type 21 (AIProxy library) has no relay adaptor (invalid api type)',
  36: 'channel type 36 (Suno) serves only the /suno routes',
};

/** Settings of the adaptors that follow options or deployment configuration. */
export interface ProviderRegistrySettings {
  openAi?: OpenAiAdaptorSettings;
  /** Read on every call, so option changes apply at once. */
  anthropic?: () => AnthropicSettings;
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
  for (const [type, profile] of Object.entries(OPENAI_COMPATIBLE_PROFILES)) {
    adaptors.set(Number(type), new OpenAiAdaptor(profile, openAiSettings));
  }
  adaptors.set(
    ANTHROPIC_CHANNEL_TYPE,
    new AnthropicAdaptor(settings.anthropic ?? (() => DEFAULT_ANTHROPIC_SETTINGS)),
  );

  return {
    getAdaptor(channelType: number): ProviderAdaptor {
      const adaptor = adaptors.get(channelType);
      if (adaptor) return adaptor;
      if (Object.hasOwn(NOT_YET_SUPPORTED, channelType)) {
        throw new RelayError(
          501,
          `channel type ${channelType} (${NOT_YET_SUPPORTED[channelType]}) is not supported yet`,
          'new_api_error',
          'channel_type_not_supported',
        );
      }
      if (Object.hasOwn(NOT_RELAYABLE, channelType)) {
        throw RelayError.badRequest(NOT_RELAYABLE[channelType], 'invalid_api_type');
      }
      throw RelayError.badRequest(`invalid channel type ${channelType}`, 'invalid_api_type');
    },
  };
}

const defaultRegistry = createProviderRegistry();

/** The adaptor for `channelType` with default settings (see createProviderRegistry). */
export function getAdaptor(channelType: number): ProviderAdaptor {
  return defaultRegistry.getAdaptor(channelType);
}

/** Channel types with an adaptor. */
export function supportedChannelTypes(): number[] {
  return [...Object.keys(OPENAI_COMPATIBLE_PROFILES).map(Number), ANTHROPIC_CHANNEL_TYPE].sort(
    (left, right) => left - right,
  );
}

/**
 * The default base URL of a channel type with an adaptor ('' when the type has none, e.g. Azure
 * and Custom, whose channels must set one).
 */
export function defaultBaseUrl(channelType: number): string {
  if (channelType === ANTHROPIC_CHANNEL_TYPE) return ANTHROPIC_DEFAULT_BASE_URL;
  return OPENAI_COMPATIBLE_DEFAULT_BASE_URLS[channelType] ?? '';
}
