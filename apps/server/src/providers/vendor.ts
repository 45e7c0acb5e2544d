/**
 * A vendor: everything the server knows about one channel type beyond its row in the contracts'
 * channel-type table (`CHANNEL_TYPE_TABLE`, which stays data shared with the console). One
 * descriptor per type, in the type's provider folder (`providers/<family>/<vendor>-vendor.ts`,
 * OpenAI-compatible vendors in `providers/openai/vendors/`), listed once in `vendors.ts`.
 *
 * The descriptor sits in the providers layer, the lowest one, because the relay (adaptors, channel
 * tests, balances), the channel service (upstream model lists, field rules) and the catalogue
 * (default models) all read it; the rules that used to sit in `switch`es over type ids in those
 * places are lookups here.
 */
import type { ChannelTypeKey } from '@tollgate/contracts';
import type { ProviderAdaptor } from './provider-adaptor.js';
import type { BalanceQuery } from './balance-query.js';
import type { OpenAiCompatibleProfile } from './openai/openai-compatible-profile.js';
import type { AnthropicSettings } from './anthropic/anthropic-adaptor.js';
import type { OpenAiAdaptorSettings } from './openai/openai-adaptor.js';
import type { CohereSettings } from './cohere/cohere-adaptor.js';
import type { GeminiSettings } from './gemini/gemini-adaptor.js';
import type { AliSettings } from './ali/ali-adaptor.js';
import type { XunfeiSettings } from './xunfei/xunfei-adaptor.js';
import type { DifySettings } from './dify/dify-adaptor.js';
import type { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';
import type { SharedTokenStores } from './access-token-cache.js';

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

/** What a vendor's adaptor is built from: the registry's settings and what types share. */
export interface AdaptorContext {
  readonly settings: ProviderRegistrySettings;
  /** The settings' guard, or one without an allow list. */
  readonly outbound: OutboundGuard;
  /**
   * One object shared by every type that asks for `name` (created by the first asker): Zhipu v3 and
   * v4 sign the same kind of token from the same kind of key.
   */
  shared<T>(name: string, create: () => T): T;
}

/** How the console asks an upstream for its model list (`GET /api/channel/fetch_models`). */
export interface UpstreamModelListRule {
  /** Path after the base URL; `/v1/models` when absent. */
  readonly path?: string;
  /** Credential headers for a non-empty key; `Authorization: Bearer <key>` when absent. */
  readonly headers?: (key: string) => Record<string, string>;
  /** The model id as a channel names it (Gemini lists `models/<id>`). */
  readonly modelId?: (listed: string) => string;
}

/** How the console's channel test treats the type. */
export interface ChannelTestRule {
  /** The type cannot be tested: the reason shown (task platforms). */
  readonly refusal?: string;
  /** Every model of the type is tested on `/v1/embeddings` (embedding-only vendors). */
  readonly embeddingsOnly?: boolean;
}

/**
 * Checks of a channel's fields when it is saved (throw the console's `failure`). How a key is
 * written is data in the type's table row (`keyFormat`), read by the console and the channel
 * service alike.
 */
export interface ChannelFieldRules {
  /** Checks `channels.other` (Vertex AI: its region). */
  readonly checkOther?: (other: string) => void;
}

/** One channel type's server-side rules. Everything is optional: absent = the common behaviour. */
export interface Vendor {
  /** The row of the channel-type table this describes. */
  readonly type: ChannelTypeKey;
  /**
   * The relay adaptor (one instance per type). Absent for a type that never relays; an
   * `openai`-family row without a vendor is served as plain OpenAI.
   */
  readonly createAdaptor?: (context: AdaptorContext) => ProviderAdaptor;
  /**
   * How the type's calls in OpenAI's format differ from OpenAI (the `openai` family, and native
   * vendors that send some modes through the OpenAI adaptor); read by the OpenAI adaptor, stored
   * Responses and realtime sessions.
   */
  readonly openAiProfile?: OpenAiCompatibleProfile;
  /**
   * Built-in model list (`GET /api/models`, `/v1/models` owners, a new channel's models). Real
   * model ids; the first is what a channel test naming no model sends, so it is an inexpensive
   * chat model (an embedding model for embedding-only vendors).
   */
  readonly defaultModels?: readonly string[];
  /** Reads the key's remaining balance; absent = "not implemented". */
  readonly balance?: BalanceQuery;
  readonly modelList?: UpstreamModelListRule;
  readonly channelTest?: ChannelTestRule;
  readonly channelFields?: ChannelFieldRules;
  /**
   * Images in a locally counted prompt are estimated, never measured (the upstream counts images
   * its own way; new-api's `GET_MEDIA_TOKEN` exceptions).
   */
  readonly estimatesImageTokens?: boolean;
  /**
   * The video provider serving the type's video calls (`tasks/video/<name>/`, its `platform`), for
   * types that are video platforms of their own (Kling, Jimeng, Vidu).
   */
  readonly videoPlatform?: string;
}
