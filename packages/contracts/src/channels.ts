import { z } from 'zod';

/** Channel `status` values (the routing index `abilities.enabled` is `status === enabled`). */
export const CHANNEL_STATUS = {
  enabled: 1,
  /** Disabled by an operator. */
  manuallyDisabled: 2,
  /** Disabled by the server (relay errors, balance); `other_info` holds the reason and time. */
  autoDisabled: 3,
} as const;
export type ChannelStatus = (typeof CHANNEL_STATUS)[keyof typeof CHANNEL_STATUS];

/** Column limits of the shared database (MySQL enforces them; the server checks them everywhere). */
export const CHANNEL_NAME_MAX_LENGTH = 191;
export const CHANNEL_TAG_MAX_LENGTH = 191;
/** The whole comma-joined `group` column is `varchar(64)`. */
export const CHANNEL_GROUP_MAX_LENGTH = 64;
/** `abilities.model` is `varchar(255)`. */
export const CHANNEL_MODEL_NAME_MAX_LENGTH = 255;
export const CHANNEL_STATUS_CODE_MAPPING_MAX_LENGTH = 1024;

/** A list sent either comma-joined (what the console sends) or as an array. */
const nameListSchema = z.union([z.string(), z.array(z.string())]);
const integer = z.number().int().min(-9_007_199_254_740_991).max(9_007_199_254_740_991);

/**
 * The editable channel fields, shared by create and update. Counters and timestamps (`used_quota`,
 * `balance`, `response_time`, `created_time`, ...) are owned by the server: sent values are ignored.
 *
 * `null` means "not sent". On update, absent/empty plain fields (`type`, `name`, `key`, `models`,
 * `group`, `other`, `other_info`, `status` 0) keep the stored value, while the nullable fields
 * (`weight`, `priority`, `auto_ban`, `base_url`, `tag`, the JSON fields, ...) are written whenever
 * present, so `{id, priority: 0}` really sets 0 and `tag: ""` removes the tag.
 */
export const channelFieldsSchema = z.object({
  type: z.number().int().optional(),
  name: z.string().optional(),
  /** Upstream credential; write-only (never returned). Several lines = several channels in batch mode. */
  key: z.string().optional(),
  openai_organization: z.string().nullish(),
  test_model: z.string().nullish(),
  /** 1 enabled, 2 manually disabled, 3 auto-disabled; 0 = unchanged. */
  status: z.number().int().min(0).max(3).optional(),
  weight: z.number().int().min(0).max(2_147_483_647).nullish(),
  priority: integer.nullish(),
  /** 1 = may be disabled automatically, 0 = never. */
  auto_ban: z.number().int().min(0).max(1).nullish(),
  /** Empty = the type's default address; a trailing slash is removed. */
  base_url: z.string().nullish(),
  /** Per-type extra (Azure api-version, Vertex region or JSON region map, Spark version, ...). */
  other: z.string().optional(),
  /** Model names, comma-joined or as an array. */
  models: nameListSchema.optional(),
  /** Group names, comma-joined or as an array. */
  group: nameListSchema.optional(),
  /** JSON object `{"requested model": "upstream model"}`. */
  model_mapping: z.string().nullish(),
  /** JSON object `{"429": "500"}`. */
  status_code_mapping: z.string().nullish(),
  tag: z.string().nullish(),
  /**
   * JSON object: `force_format`, `thinking_to_content`, `proxy`, and the call limits of
   * `CHANNEL_SETTING_LIMITS` (`first_byte_timeout`, `idle_timeout`, `total_timeout`,
   * `max_concurrency`), checked on save.
   */
  setting: z.string().nullish(),
  /** JSON object merged over the converted request body. */
  param_override: z.string().nullish(),
  /** JSON object; `status_reason` / `status_time` are maintained by the server on status changes. */
  other_info: z.string().optional(),
});
export type ChannelFields = z.infer<typeof channelFieldsSchema>;

export const channelCreateModes = ['single', 'batch', 'multi_to_single'] as const;
export type ChannelCreateMode = (typeof channelCreateModes)[number];

/** How a multi-key channel picks a key per attempt: uniformly, or in turn. */
export const channelMultiKeyModes = ['random', 'polling'] as const;

/**
 * `POST /api/channel/`. `mode: "batch"` creates one channel per non-empty line of `key`
 * (Vertex AI: a JSON array of credentials, one channel each); `multi_to_single` one channel
 * holding every line as its keys (`channel_info.is_multi_key`). A missing mode means single.
 */
export const createChannelRequestSchema = z.object({
  mode: z.enum(channelCreateModes).default('single'),
  /** `multi_to_single` only: how the one channel picks among its keys (default random). */
  multi_key_mode: z.enum(channelMultiKeyModes).optional(),
  channel: channelFieldsSchema,
});
export type CreateChannelRequest = z.infer<typeof createChannelRequestSchema>;

/**
 * What `POST /api/channel/` accepts: Tollgate's `{mode, channel}`, or the channel fields alone as
 * new-api's own console sends them (reference §5.6: one channel per non-empty key line).
 */
export const createChannelBodySchema = z.union([
  createChannelRequestSchema,
  channelFieldsSchema.transform((channel) => ({ mode: 'batch' as const, channel })),
]);

/** `PUT /api/channel/`: the channel fields plus `id`; quick edits send `{id, status}` etc. */
export const updateChannelRequestSchema = channelFieldsSchema.extend({
  id: z.number().int().positive(),
  /**
   * Multi-key channels: `append` adds the sent key lines (trimmed, de-duplicated) to the stored
   * keys; `replace` (default) replaces them. The stored key states are kept either way.
   */
  key_mode: z.enum(['replace', 'append']).optional(),
  /** Multi-key channels: changes how a key is picked; absent keeps the stored mode. */
  multi_key_mode: z.enum(channelMultiKeyModes).optional(),
});
export type UpdateChannelRequest = z.infer<typeof updateChannelRequestSchema>;

const channelIdsSchema = z.array(z.number().int().positive()).max(1000);

/** `POST /api/channel/batch` (delete). */
export const channelIdsRequestSchema = z.object({ ids: channelIdsSchema });
export type ChannelIdsRequest = z.infer<typeof channelIdsRequestSchema>;

/** `POST /api/channel/batch/tag`; an empty or null tag removes the tag. */
export const batchSetChannelTagRequestSchema = z.object({
  ids: channelIdsSchema,
  tag: z.string().nullish(),
});
export type BatchSetChannelTagRequest = z.infer<typeof batchSetChannelTagRequestSchema>;

/** `POST /api/channel/tag/enabled` and `/tag/disabled`. */
export const channelTagRequestSchema = z.object({ tag: z.string().default('') });
export type ChannelTagRequest = z.infer<typeof channelTagRequestSchema>;

/**
 * `PUT /api/channel/tag`: edits every channel of `tag`. Absent fields are left alone; empty
 * `models`, `groups` and `model_mapping` are ignored; `new_tag: ""` dissolves the tag.
 */
export const editChannelTagRequestSchema = z.object({
  tag: z.string().default(''),
  new_tag: z.string().nullish(),
  priority: integer.nullish(),
  weight: z.number().int().min(0).max(2_147_483_647).nullish(),
  model_mapping: z.string().nullish(),
  models: nameListSchema.nullish(),
  groups: nameListSchema.nullish(),
});
export type EditChannelTagRequest = z.infer<typeof editChannelTagRequestSchema>;

/** `POST /api/channel/fetch_models`: list an upstream's models before the channel exists. */
export const fetchModelsRequestSchema = z.object({
  base_url: z.string().default(''),
  type: z.number().int().default(1),
  /** Only the first line is used. */
  key: z.string().default(''),
});
export type FetchModelsRequest = z.infer<typeof fetchModelsRequestSchema>;

/**
 * A channel as the console API returns it. `key` is always `""`: credentials never leave the
 * server. Nullable fields are `null` when the column is NULL (as new-api's pointer fields).
 */
export interface ChannelView {
  id: number;
  type: number;
  key: '';
  openai_organization: string | null;
  test_model: string | null;
  status: number;
  name: string;
  weight: number | null;
  created_time: number;
  test_time: number;
  /** Milliseconds, last test. */
  response_time: number;
  base_url: string | null;
  other: string;
  /** USD. */
  balance: number;
  balance_updated_time: number;
  models: string;
  group: string;
  used_quota: number;
  model_mapping: string | null;
  status_code_mapping: string | null;
  priority: number | null;
  auto_ban: number | null;
  other_info: string;
  tag: string | null;
  setting: string | null;
  param_override: string | null;
  /**
   * Tollgate's own, in the channel list and search only (new-api's console ignores them): the
   * worst of the channel's circuit breakers on the serving process, the share of failures among
   * its recent calls (0..1), and when an open circuit's cool-down ends (unix s, 0 when closed).
   */
  circuit?: ChannelCircuitState;
  recent_error_rate?: number;
  circuit_open_until?: number;
  /**
   * The pending upstream model diff recorded by `POST /api/channel/upstream_updates/detect`
   * (stored in `other_info`), or null when there is none.
   */
  upstream_updates?: ChannelUpstreamUpdates | null;
  /**
   * A multi-key channel's key states (`channels.channel_info` as stored; absent for single-key
   * channels). Holds indexes, statuses, reasons and times, never a key.
   */
  channel_info?: ChannelMultiKeyInfo;
}

/** `channels.channel_info` of a multi-key channel; the maps are keyed by key index (0-based). */
export interface ChannelMultiKeyInfo {
  is_multi_key: boolean;
  multi_key_size: number;
  /** 2 manually disabled, 3 automatically disabled; an absent index is enabled. */
  multi_key_status_list: Record<string, number>;
  multi_key_disabled_reason: Record<string, string>;
  multi_key_disabled_time: Record<string, number>;
  multi_key_polling_index: number;
  multi_key_mode: (typeof channelMultiKeyModes)[number];
}

/** Models a channel's upstream lists that the channel does not (`added`), and the reverse. */
export interface ChannelUpstreamUpdates {
  added: string[];
  removed: string[];
  /** Unix seconds of the detection. */
  detected_at: number;
}

/** `POST /api/channel/upstream_updates/detect`. */
export const upstreamUpdatesDetectRequestSchema = z.object({ id: z.number().int().positive() });

/** `POST /api/channel/upstream_updates/apply`: `remove` also drops the vanished models. */
export const upstreamUpdatesApplyRequestSchema = z.object({
  id: z.number().int().positive(),
  remove: z.boolean().default(false),
});

/** `POST /api/channel/upstream_updates/apply_all`. */
export const upstreamUpdatesApplyAllRequestSchema = z.object({
  remove: z.boolean().default(false),
});

/** One channel that `detect_all` or `apply_all` could not handle, with the reason. */
export interface UpstreamUpdatesFailure {
  id: number;
  name: string;
  message: string;
}

/** `detect_all`'s answer. */
export interface UpstreamUpdatesDetectSummary {
  /** Enabled channels asked. */
  checked: number;
  /** Channels whose upstream differs, with their diff. */
  changed: Array<{ id: number; name: string } & ChannelUpstreamUpdates>;
  failed: UpstreamUpdatesFailure[];
}

/** `apply_all`'s answer (and `apply`'s, with one channel). */
export interface UpstreamUpdatesApplySummary {
  /** Channels whose models were changed. */
  applied: number;
  added: number;
  removed: number;
  failed: UpstreamUpdatesFailure[];
}

/** A channel's circuit breaker state (Tollgate's own). */
export type ChannelCircuitState = 'closed' | 'open' | 'half_open';

/**
 * One tag row of the aggregated tag mode (`tag_mode=true&aggregate=true`): usage summed,
 * response time averaged over tested channels, priority and weight `null` when the channels differ.
 */
export interface ChannelTagRow {
  tag: string;
  /** 1 when any channel of the tag is enabled, else the first channel's status. */
  status: number;
  /** Union of the channels' groups, comma-joined in first-seen order. */
  group: string;
  used_quota: number;
  balance: number;
  response_time: number;
  priority: number | null;
  weight: number | null;
  channel_count: number;
  children: ChannelView[];
}
