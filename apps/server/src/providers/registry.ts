import {
  CHANNEL_TYPE_TABLE,
  channelTypeDefinition,
  type ChannelTypeDefinition,
} from '@tollgate/contracts';
import { RelayError } from '../errors/relay-error.js';
import type { ProviderAdaptor } from './provider-adaptor.js';
import { OpenAiAdaptor } from './openai/openai-adaptor.js';
import { plainOpenAiProfile } from './openai/openai-compatible-profile.js';
import { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';
import type { AdaptorContext, ProviderRegistrySettings } from './vendor.js';
import { vendorOf } from './vendors.js';

export type { ProviderRegistrySettings } from './vendor.js';

/** Looks up the adaptor for a channel type. */
export interface ProviderRegistry {
  /** The adaptor for `channelType`; throws a local RelayError for a type without one. */
  getAdaptor(channelType: number): ProviderAdaptor;
}

/**
 * A registry with its own settings: one adaptor instance per channel type, made by the type's
 * vendor (`vendors.ts`); an `openai`-family type without a vendor is served as plain OpenAI.
 */
export function createProviderRegistry(settings: ProviderRegistrySettings = {}): ProviderRegistry {
  const adaptors = new Map<number, ProviderAdaptor>();
  const sharedObjects = new Map<string, unknown>();
  const context: AdaptorContext = {
    settings,
    outbound: settings.outbound ?? new OutboundGuard(),
    shared<T>(name: string, create: () => T): T {
      if (!sharedObjects.has(name)) sharedObjects.set(name, create());
      return sharedObjects.get(name) as T;
    },
  };
  for (const type of CHANNEL_TYPE_TABLE) {
    const adaptor =
      vendorOf(type.id)?.createAdaptor?.(context) ??
      (type.family === 'openai'
        ? new OpenAiAdaptor(plainOpenAiProfile(type.key.toLowerCase()), settings.openAi)
        : undefined);
    if (adaptor) adaptors.set(type.id, adaptor);
    else if (relaysCalls(type.family)) {
      // A native family's row without its vendor line: fail at start, not with a 501 per call.
      throw new Error(
        `channel type ${type.key} (family ${type.family}) has no vendor in vendors.ts`,
      );
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

/** Families whose types relay calls (all but task platforms, the AIProxy library and PaLM). */
function relaysCalls(family: ChannelTypeDefinition['family']): boolean {
  return family !== 'task' && family !== 'none' && family !== 'palm';
}

/** Why a channel type has no adaptor: unknown or never relays (400), or retired upstream (501). */
function noAdaptorError(id: number, type: ChannelTypeDefinition | undefined): RelayError {
  if (!type) return RelayError.badRequest(`invalid channel type ${id}`, 'invalid_api_type');
  if (type.family === 'task') {
    const routes =
      type.key === 'suno' ? '/suno' : vendorOf(id)?.videoPlatform ? 'video (/v1/videos)' : '/mj';
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
