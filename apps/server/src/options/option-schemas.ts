import { z } from 'zod';
import { usageLimitsSchema, type OptionKey } from '@tollgate/contracts';

/**
 * The shape of every JSON option, one zod schema per key. The schema is the single source of both
 * the check (applied to saves and to rows read from an adopted database) and the type readers get
 * from `OptionStore.getJson(key)`, so no reader casts.
 *
 * Leaf messages are the phrase after the location ("必须是数字"); `describeShapeIssue` puts the
 * option key and the location in front, e.g. `ModelRatio 中 gpt-4 的值必须是数字`.
 */

const number = z.number({ error: '必须是数字' });
const integer = z.int({ error: '必须是整数' });
const string = z.string({ error: '必须是字符串' });
const objectOf = <Value extends z.ZodType>(value: Value) =>
  z.record(z.string(), value, { error: '必须是 JSON 对象' });
const listOf = <Item extends z.ZodType>(item: Item) => z.array(item, { error: '必须是 JSON 数组' });

/** `{ name: number }`: ratios and prices. */
const numberMap = objectOf(number);
/** `{ name: string }`. */
const stringMap = objectOf(string);
/** `{ model: [fallback, …] }`: model names, none empty. */
const fallbackMap = objectOf(listOf(string.min(1, { error: '不能是空字符串' })));

/** Longest time a cached answer is kept: 30 days. */
export const MAX_RESPONSE_CACHE_TTL_SECONDS = 2_592_000;

/**
 * One rule of `ResponseCacheRules` (relay/response-cache/cache-rules.ts): which calls it matches
 * (absent list = any) and how their answers are cached. Unknown fields are refused, so a typo
 * cannot silently widen a rule.
 */
const responseCacheRule = z
  .strictObject(
    {
      models: listOf(string.min(1, { error: '不能是空字符串' })).min(1, {
        error: '不能是空数组（省略即匹配所有模型）',
      }),
      groups: listOf(string.min(1, { error: '不能是空字符串' })).min(1, {
        error: '不能是空数组（省略即匹配所有分组）',
      }),
      token_ids: listOf(integer.min(1, { error: '必须是正整数' })).min(1, {
        error: '不能是空数组（省略即匹配所有令牌）',
      }),
      ttl_seconds: integer
        .min(1, { error: `必须在 1 到 ${MAX_RESPONSE_CACHE_TTL_SECONDS} 之间` })
        .max(MAX_RESPONSE_CACHE_TTL_SECONDS, {
          error: `必须在 1 到 ${MAX_RESPONSE_CACHE_TTL_SECONDS} 之间`,
        }),
      allow_temperature: z.boolean({ error: '必须是 true 或 false' }),
      charge_ratio: number
        .min(0, { error: '必须在 0 到 1 之间' })
        .max(1, { error: '必须在 0 到 1 之间' }),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `含有未知字段 ${issue.keys.join(', ')}`
          : '必须是 JSON 对象',
    },
  )
  .partial();

/** Text of at most `max` characters (code points, as new-api counts runes). */
const textUpTo = (max: number) =>
  string.refine((value) => [...value].length <= max, { error: `长度不能超过 ${max} 个字符` });

/**
 * One Uptime Kuma status page of `console_setting.uptime_kuma_groups`, with new-api's limits:
 * the server reads `<url>/api/status-page/<slug>` and `…/heartbeat/<slug>` (dashboard/
 * uptime-kuma-status.ts), so the slug is one path segment and the URL is http(s).
 */
const uptimeKumaGroup = z.object(
  {
    categoryName: textUpTo(50).refine((value) => value.trim() !== '', { error: '不能为空' }),
    url: textUpTo(500).refine(
      (value) => /^https?:$/.test(URL.parse(value)?.protocol ?? '') && !/\s/.test(value),
      { error: '必须是 http(s) 地址' },
    ),
    slug: textUpTo(100).regex(/^[a-zA-Z0-9_-]+$/, { error: '只能包含字母、数字、下划线和连字符' }),
    description: textUpTo(200).optional(),
  },
  { error: '必须是 JSON 对象' },
);

export const JSON_OPTION_SCHEMAS = {
  TopupGroupRatio: numberMap,
  /** Payment methods shown on the wallet page: `[{ name, type, color?, min_topup? }]`, all text. */
  PayMethods: listOf(stringMap),
  /** Chat-client links: `[{ "ChatGPT Next Web": "https://…" }]`. */
  Chats: listOf(stringMap),
  ModelRatio: numberMap,
  ModelPrice: numberMap,
  CompletionRatio: numberMap,
  CacheRatio: numberMap,
  GroupRatio: numberMap,
  /** Group name → description, for the groups users may pick themselves. */
  UserUsableGroups: stringMap,
  /** User group → { token group → ratio }. */
  GroupGroupRatio: objectOf(numberMap),
  /** Groups tried in order by tokens of the `auto` group. */
  AutoGroups: listOf(string),
  /**
   * Per-group model request limits: group → [count, success count], as ModelRequestRateLimitCount
   * and ModelRequestRateLimitSuccessCount for users calling in that group.
   */
  ModelRequestRateLimitGroup: objectOf(
    z.tuple([integer, integer], { error: '必须是 [请求总数, 成功请求数] 形式的数组' }),
  ),
  /** Group → default user limits and budgets of that group (contracts/usage-limits.ts). */
  GroupLimits: objectOf(usageLimitsSchema),
  /** Model → the models tried in order when it cannot answer (options/model-fallbacks.ts). */
  ModelFallbacks: fallbackMap,
  /** Group → its own fallback lists, which win over `ModelFallbacks` for their models. */
  GroupModelFallbacks: objectOf(fallbackMap),
  /** The response cache's rules, first match wins (relay/response-cache/cache-rules.ts). */
  ResponseCacheRules: listOf(responseCacheRule),
  /** Model → { header → values } added to Anthropic requests. */
  /** Uptime Kuma status pages of the dashboard's service-status card (`GET /api/uptime/status`). */
  'console_setting.uptime_kuma_groups': listOf(uptimeKumaGroup),
  'claude.model_headers_settings': objectOf(objectOf(listOf(string))),
  /** Model (or `default`) → max_tokens sent when the client gives none. */
  'claude.default_max_tokens': objectOf(integer),
  'gemini.safety_settings': stringMap,
  'gemini.version_settings': stringMap,
  'gemini.supported_imagine_models': listOf(string),
} as const satisfies Partial<Record<OptionKey, z.ZodType>>;

export type JsonOptionKey = keyof typeof JSON_OPTION_SCHEMAS;

/** Values are deeply frozen and shared by every reader, so they are read-only all the way down. */
type DeepReadonly<T> = T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

/** What `getJson(key)` returns for a JSON option. */
export type JsonOptionValue<Key extends JsonOptionKey> = DeepReadonly<
  z.infer<(typeof JSON_OPTION_SCHEMAS)[Key]>
>;

/** A JSON option key's schema, or undefined for an option that is not JSON. */
export function jsonOptionSchema(key: OptionKey): z.ZodType | undefined {
  return (JSON_OPTION_SCHEMAS as Partial<Record<OptionKey, z.ZodType>>)[key];
}

/** `a.b[2]`: where in the value an issue lies. */
function locationOf(path: readonly PropertyKey[]): string {
  let text = '';
  for (const segment of path) {
    text += typeof segment === 'number' ? `[${segment}]` : `${text ? '.' : ''}${String(segment)}`;
  }
  return text;
}

/** The console's message for the first issue: `Key 必须是 JSON 对象`, `Key 中 a.b 的值必须是数字`. */
export function describeShapeIssue(key: string, error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return `${key} 的值无效`;
  if (issue.path.length === 0) return `${key} ${issue.message}`;
  return `${key} 中 ${locationOf(issue.path)} 的值${issue.message}`;
}
