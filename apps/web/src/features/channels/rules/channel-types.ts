/**
 * The channel types the console offers (the ids the server knows), in the order of the type
 * picker, with a tag colour each. Display names are translated: `channels:types.<id>`.
 */
export interface ChannelTypeOption {
  id: number;
  /** antd preset colour of the type tag. */
  color: string;
}

export const channelTypeOptions: readonly ChannelTypeOption[] = [
  { id: 1, color: 'green' },
  { id: 2, color: 'blue' },
  { id: 5, color: 'geekblue' },
  { id: 36, color: 'purple' },
  { id: 4, color: 'default' },
  { id: 14, color: 'geekblue' },
  { id: 33, color: 'geekblue' },
  { id: 41, color: 'blue' },
  { id: 3, color: 'cyan' },
  { id: 34, color: 'purple' },
  { id: 39, color: 'default' },
  { id: 43, color: 'blue' },
  { id: 15, color: 'blue' },
  { id: 46, color: 'blue' },
  { id: 17, color: 'orange' },
  { id: 18, color: 'blue' },
  { id: 16, color: 'purple' },
  { id: 26, color: 'purple' },
  { id: 24, color: 'orange' },
  { id: 11, color: 'orange' },
  { id: 47, color: 'blue' },
  { id: 25, color: 'green' },
  { id: 20, color: 'green' },
  { id: 19, color: 'blue' },
  { id: 23, color: 'cyan' },
  { id: 31, color: 'green' },
  { id: 35, color: 'green' },
  { id: 37, color: 'cyan' },
  { id: 38, color: 'blue' },
  { id: 40, color: 'purple' },
  { id: 42, color: 'blue' },
  { id: 48, color: 'default' },
  { id: 27, color: 'cyan' },
  { id: 6, color: 'default' },
  { id: 7, color: 'default' },
  { id: 9, color: 'default' },
  { id: 10, color: 'default' },
  { id: 12, color: 'default' },
  { id: 13, color: 'default' },
  { id: 8, color: 'magenta' },
  { id: 22, color: 'blue' },
  { id: 21, color: 'purple' },
  { id: 44, color: 'purple' },
  { id: 45, color: 'blue' },
];

const byId = new Map(channelTypeOptions.map((option) => [option.id, option]));

export function isKnownChannelType(type: number): boolean {
  return byId.has(type);
}

/** The type's tag colour; unknown types (from a newer release) are neutral. */
export function channelTypeColor(type: number): string {
  return byId.get(type)?.color ?? 'default';
}

/** Channel type ids with a form of their own (spec part 2 §3 "Channel"). */
export const channelType = {
  openAi: 1,
  midjourney: 2,
  azure: 3,
  midjourneyPlus: 5,
  custom: 8,
  baidu: 15,
  ali: 17,
  xunfei: 18,
  aiProxyLibrary: 21,
  fastGpt: 22,
  tencent: 23,
  aws: 33,
  suno: 36,
  dify: 37,
  cloudflare: 39,
  siliconFlow: 40,
  vertexAi: 41,
  volcEngine: 45,
} as const;

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
