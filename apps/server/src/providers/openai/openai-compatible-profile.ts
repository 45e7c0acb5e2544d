import type { ChannelTarget, RelayCallInput, RelayMode } from '../provider-adaptor.js';
import type { JsonObject } from '../json-guards.js';
import { convertOpenAiUsage, type OpenAiUsageConverter } from './convert-openai-usage.js';
import type { OpenAiAdaptorSettings } from './openai-adaptor-settings.js';
import { applyReasoningModelRules } from './openai-request-body.js';

/** What a vendor's URL rule is given. */
export interface OpenAiUrlCall {
  input: RelayCallInput;
  /** The channel's base URL (or the type's default) without trailing slashes; never ''. */
  base: string;
  /** The model actually sent (after suffix stripping and body rules). */
  model: string;
  settings: OpenAiAdaptorSettings;
}

/** Where and how a realtime (websocket) session connects upstream. */
export interface RealtimeTarget {
  url: string;
  headers: Record<string, string>;
}

/**
 * What distinguishes one OpenAI-compatible vendor from plain OpenAI. Everything left out behaves
 * like OpenAI: every mode, base + client path, a Bearer key, the request body as is, OpenAI's usage
 * object. A vendor's profile sits in its vendor file (`vendors/<vendor>.ts`, or the family folder
 * of a native adaptor that sends some modes through the OpenAI adaptor).
 */
export interface OpenAiCompatibleProfile {
  /** Adaptor name for logs. */
  readonly name: string;
  /** Modes the vendor serves; absent = every mode except `responses`. */
  readonly modes?: ReadonlySet<RelayMode>;
  /**
   * The vendor serves OpenAI's Responses API (`/v1/responses`) itself: Responses calls pass
   * through. Only OpenAI and Azure; other vendors get Responses calls converted to chat.
   */
  readonly servesResponses?: boolean;
  /**
   * The vendor serves OpenAI's videos API (Sora, `{responsesRoot}/v1/videos`) itself: video
   * tasks on its channels go there (tasks/video/sora). Only OpenAI and Azure.
   */
  readonly servesVideos?: boolean;
  /** The upstream URL; absent = base + the client's path + its query (`openAiPathUrl`). */
  readonly url?: (call: OpenAiUrlCall) => string;
  /** Credential headers; absent = `Authorization: Bearer <key>` when the channel has a key. */
  readonly credentialHeaders?: (channel: ChannelTarget) => Record<string, string>;
  /** Headers the vendor wants on every call besides the credentials (OpenRouter's attribution). */
  readonly vendorHeaders?: (settings: OpenAiAdaptorSettings) => Record<string, string>;
  /**
   * Where stored Responses live (`{root}/v1/responses/{id}`); the base URL when absent (Azure:
   * `{base}/openai`).
   */
  readonly responsesRoot?: (base: string) => string;
  /**
   * A realtime session's upstream; absent = OpenAI's `{ws base}/v1/realtime?model=` with a Bearer
   * key (Azure names a deployment and an api-version).
   */
  readonly realtime?: (
    channel: Pick<ChannelTarget, 'key' | 'other'>,
    base: string,
    upstreamModel: string,
    clientQuery: URLSearchParams,
  ) => RealtimeTarget;
  /** Adjusts a JSON request body (a copy the hook may change in place). */
  readonly adjustBody?: (body: JsonObject, input: RelayCallInput) => void;
  /** Reads the vendor's usage object. */
  readonly convertUsage: OpenAiUsageConverter;
  /** Rewrites a complete JSON success body; undefined keeps upstream's bytes unchanged. */
  readonly convertBody?: (body: JsonObject, input: RelayCallInput) => JsonObject | undefined;
}

/** A set of modes. */
export const modes = (...list: RelayMode[]): ReadonlySet<RelayMode> => new Set(list);

/** OpenAI's own rules, shared by every type that may front OpenAI models. */
export const openAiBodyRules = (body: JsonObject, input: RelayCallInput): void => {
  if (input.mode === 'chat') applyReasoningModelRules(body);
};

/** A vendor that behaves exactly like OpenAI (OpenAI's body rules, its usage object). */
export function plainOpenAiProfile(name: string): OpenAiCompatibleProfile {
  return { name, adjustBody: openAiBodyRules, convertUsage: convertOpenAiUsage };
}

/** `Authorization: Bearer <key>` when the channel has a key. */
export function bearerCredentials(channel: ChannelTarget): Record<string, string> {
  return channel.key ? { Authorization: `Bearer ${channel.key}` } : {};
}
