import { CHANNEL_TYPE, CHANNEL_TYPE_TABLE } from '@tollgate/contracts';

/**
 * The channel types the console offers (the ids the server knows), in the order of the type
 * picker, with a tag colour each. Display names are translated: `channels:types.<id>`.
 */
export interface ChannelTypeOption {
  id: number;
  /** antd preset colour of the type tag. */
  color: string;
}

export const channelTypeOptions: readonly ChannelTypeOption[] = CHANNEL_TYPE_TABLE.map(
  ({ id, color }) => ({ id, color }),
);

const byId = new Map(channelTypeOptions.map((option) => [option.id, option]));

/**
 * Types kept only so existing channels still display and edit: PaLM (Google shut the API down;
 * type 24 replaces it) and the AIProxy library (a knowledge base that relays nothing).
 */
const RETIRED_TYPES: ReadonlySet<number> = new Set([
  CHANNEL_TYPE.palm,
  CHANNEL_TYPE.aiProxyLibrary,
]);

/**
 * The type picker's choices: every type that relays, plus `current` when a channel being edited
 * already has a retired type (so its form still shows what it is).
 */
export function pickableChannelTypes(current?: number): readonly ChannelTypeOption[] {
  return channelTypeOptions.filter(
    (option) => !RETIRED_TYPES.has(option.id) || option.id === current,
  );
}

export function isKnownChannelType(type: number): boolean {
  return byId.has(type);
}

/** The type's tag colour; unknown types (from a newer release) are neutral. */
export function channelTypeColor(type: number): string {
  return byId.get(type)?.color ?? 'default';
}

/** Channel type ids by name, from the shared channel-type table. */
export const channelType = CHANNEL_TYPE;

/** Which address field a type shows. */
export type BaseUrlField =
  /** Azure: the resource endpoint (required for requests to work). */
  | 'azure-endpoint'
  /** Custom: the complete request URL, `{model}` replaced by the model name. */
  | 'full-url'
  /** FastGPT: the private deployment address. */
  | 'private-deployment'
  /** Suno: the address before `/suno`. */
  | 'suno'
  /** Type 45 has no address field. */
  | 'none'
  /** Every other type: an optional replacement of the default address. */
  | 'optional';

export function baseUrlFieldOf(type: number): BaseUrlField {
  switch (type) {
    case channelType.azure:
      return 'azure-endpoint';
    case channelType.custom:
      return 'full-url';
    case channelType.fastGpt:
      return 'private-deployment';
    case channelType.suno:
      return 'suno';
    case channelType.volcEngine:
      return 'none';
    default:
      return 'optional';
  }
}

/** What the `other` field holds for a type, or null when the type does not use it. */
export type OtherField =
  | 'api-version'
  | 'spark-version'
  | 'knowledge-base-id'
  | 'account-id'
  | 'region'
  | 'plugin';

export function otherFieldOf(type: number): OtherField | null {
  switch (type) {
    case channelType.azure:
      return 'api-version';
    case channelType.xunfei:
      return 'spark-version';
    case channelType.aiProxyLibrary:
      return 'knowledge-base-id';
    case channelType.cloudflare:
      return 'account-id';
    case channelType.vertexAi:
      return 'region';
    case channelType.ali:
      return 'plugin';
    default:
      return null;
  }
}

/** Spark (type 18) uses this version when `other` is left empty. */
export const defaultSparkVersion = 'v2.1';

/** Fills the defaults a type needs in `other` when it is left empty (type 18 → v2.1). */
export function otherWithDefault(type: number, other: string): string {
  const trimmed = other.trim();
  if (type === channelType.xunfei && trimmed === '') return defaultSparkVersion;
  return trimmed;
}
