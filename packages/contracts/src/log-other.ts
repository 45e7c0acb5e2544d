/**
 * The `other` JSON of a log row: the numbers behind a consume log's charge (reference §4.6), shared
 * by the server, which writes it, and the console, which explains the charge from it.
 */

/** What the server writes for a consume log row. */
export interface ConsumeLogOther {
  model_ratio: number;
  group_ratio: number;
  completion_ratio: number;
  cache_tokens: number;
  cache_ratio: number;
  cache_creation_tokens: number;
  cache_creation_ratio: number;
  /** USD per call (for images: for the whole request); −1 when billed by ratio. */
  model_price: number;
  /** First response time − start, ms. */
  frt: number;
  /** Present when a GroupGroupRatio override set the group ratio. */
  user_group_ratio?: number;
  /** The group the call was billed through. */
  group?: string;
  reasoning_effort?: string;
  is_model_mapped?: true;
  upstream_model_name?: string;
  claude?: true;
  audio?: true;
  ws?: true;
  text_input?: number;
  text_output?: number;
  audio_input?: number;
  audio_output?: number;
  audio_ratio?: number;
  audio_completion_ratio?: number;
  image_size?: string;
  image_quality?: string;
  image_n?: number;
  image_size_ratio?: number;
  image_quality_ratio?: number;
  admin_info: { use_channel: string[] };
  /** The wire format the client spoke, when not OpenAI chat (`openai-responses`, `gemini`, …). */
  inbound_format?: string;
  /** The model the client asked for, when a model fallback answered instead (logged as `model_name`). */
  fallback_from?: string;
  /** The answer was replayed from the response cache (no upstream call; `channel` is 0). */
  cache_hit?: true;
  /** What a cache hit saved: the original call's quota minus what the hit was charged. */
  cache_saved_quota?: number;
  /** The index (0-based line) of the multi-key channel's key that answered. */
  multi_key_index?: number;
  /** `subscription` when a subscription's pool paid (absent: the wallet). */
  billing_source?: 'subscription';
  subscription_id?: number;
  subscription_plan_id?: number;
  subscription_plan_title?: string;
}

/**
 * The billing details of a log row (its `other` JSON), with every field optional: older rows and
 * other log types carry only some of them.
 */
export interface LogOther {
  model_ratio?: number;
  /** USD per call; −1 when billed by tokens. */
  model_price?: number;
  completion_ratio?: number;
  group_ratio?: number;
  /** Set when a user-group-specific ratio replaced the group ratio. */
  user_group_ratio?: number;
  cache_tokens?: number;
  cache_ratio?: number;
  cache_creation_tokens?: number;
  cache_creation_ratio?: number;
  /** First-token time in milliseconds (−1000 for non-stream calls). */
  frt?: number;
  reasoning_effort?: string;
  is_model_mapped?: boolean;
  upstream_model_name?: string;
  claude?: boolean;
  /** Realtime (websocket) and audio-token calls carry the audio fields. */
  ws?: boolean;
  audio?: boolean;
  text_input?: number;
  text_output?: number;
  audio_input?: number;
  audio_output?: number;
  audio_ratio?: number;
  audio_completion_ratio?: number;
  image_size?: string;
  image_quality?: string;
  image_n?: number;
  group?: string;
  /** The wire format the client spoke, when not OpenAI chat (e.g. `openai-responses`). */
  inbound_format?: string;
  /** The model asked for when a model fallback answered (the row's model is the answering one). */
  fallback_from?: string;
  /** Set when the response cache answered the call instead of an upstream. */
  cache_hit?: boolean;
  /** On a cache hit: the quota the hit saved against the full charge (quota units). */
  cache_saved_quota?: number;
  /** The index (0-based line) of the multi-key channel's key that answered. */
  multi_key_index?: number;
  /** `subscription` when a subscription's pool paid the call, else absent (the wallet). */
  billing_source?: string;
  subscription_id?: number;
  subscription_plan_id?: number;
  subscription_plan_title?: string;
  /** `admin_info.use_channel`: the channel ids tried, in order (admin view only). */
  use_channel?: string[];
}

export const LOG_OTHER_NUMBER_FIELDS = [
  'model_ratio',
  'model_price',
  'completion_ratio',
  'group_ratio',
  'user_group_ratio',
  'cache_tokens',
  'cache_ratio',
  'cache_creation_tokens',
  'cache_creation_ratio',
  'frt',
  'text_input',
  'text_output',
  'audio_input',
  'audio_output',
  'audio_ratio',
  'audio_completion_ratio',
  'image_n',
  'cache_saved_quota',
  'subscription_id',
  'subscription_plan_id',
] as const satisfies readonly (keyof LogOther)[];

export const LOG_OTHER_STRING_FIELDS = [
  'reasoning_effort',
  'upstream_model_name',
  'image_size',
  'image_quality',
  'group',
  'fallback_from',
  'billing_source',
  'subscription_plan_title',
] as const satisfies readonly (keyof LogOther)[];

export const LOG_OTHER_BOOLEAN_FIELDS = [
  'is_model_mapped',
  'claude',
  'ws',
  'audio',
  'cache_hit',
] as const satisfies readonly (keyof LogOther)[];

/** Reads `other`, keeping only well-typed fields; `null` when it is empty or not a JSON object. */
export function parseLogOther(text: string): LogOther | null {
  if (text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const other: LogOther = {};
  for (const field of LOG_OTHER_NUMBER_FIELDS) {
    const number = value[field];
    if (typeof number === 'number' && Number.isFinite(number)) other[field] = number;
  }
  for (const field of LOG_OTHER_STRING_FIELDS) {
    if (typeof value[field] === 'string') other[field] = value[field];
  }
  for (const field of LOG_OTHER_BOOLEAN_FIELDS) {
    if (typeof value[field] === 'boolean') other[field] = value[field];
  }
  const adminInfo = value.admin_info;
  if (isRecord(adminInfo) && Array.isArray(adminInfo.use_channel)) {
    other.use_channel = adminInfo.use_channel
      .filter((id) => typeof id === 'string' || typeof id === 'number')
      .map(String);
  }
  return other;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
