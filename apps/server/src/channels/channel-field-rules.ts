/**
 * The rules for individual channel fields: lists normalised, JSON fields checked, the base URL
 * cleaned, and the limits of the shared database enforced, with messages the console shows.
 */
import {
  CHANNEL_GROUP_MAX_LENGTH,
  CHANNEL_MODEL_NAME_MAX_LENGTH,
  CHANNEL_NAME_MAX_LENGTH,
  CHANNEL_STATUS_CODE_MAPPING_MAX_LENGTH,
  CHANNEL_TAG_MAX_LENGTH,
} from '@tollgate/contracts';
import { failure } from '../errors/app-error.js';
import { checkChannelSettingLimits } from './channel-setting-rules.js';
import { stripTrailingSlashes } from './channel-types.js';

/** Splits a comma-joined list (or an array): trimmed, empty and repeated entries dropped. */
export function splitNames(value: string | readonly string[] | null | undefined): string[] {
  const parts = typeof value === 'string' ? value.split(',') : (value ?? []);
  const names: string[] = [];
  for (const part of parts) {
    const name = part.trim();
    if (name !== '' && !names.includes(name)) names.push(name);
  }
  return names;
}

export function characters(value: string): number {
  return [...value].length;
}

/**
 * MySQL compares ability keys case-insensitively, so `GPT-4o` and `gpt-4o` in one channel would
 * collide there; they are refused on every database to keep the three behaving alike.
 */
function caseInsensitiveDuplicate(names: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const name of names) {
    const folded = name.toLowerCase();
    if (seen.has(folded)) return name;
    seen.add(folded);
  }
  return undefined;
}

/** Normalised, checked model list joined with commas. */
export function normaliseModels(value: string | readonly string[]): string {
  const models = splitNames(value);
  const tooLong = models.find((model) => characters(model) > CHANNEL_MODEL_NAME_MAX_LENGTH);
  if (tooLong !== undefined) throw failure(`模型名称过长: ${tooLong}`);
  const duplicate = caseInsensitiveDuplicate(models);
  if (duplicate !== undefined) throw failure(`模型名称重复: ${duplicate}`);
  return models.join(',');
}

/** Normalised, checked group list joined with commas. */
export function normaliseGroups(value: string | readonly string[]): string {
  const groups = splitNames(value);
  const duplicate = caseInsensitiveDuplicate(groups);
  if (duplicate !== undefined) throw failure(`分组名称重复: ${duplicate}`);
  const joined = groups.join(',');
  if (characters(joined) > CHANNEL_GROUP_MAX_LENGTH) {
    throw failure(`分组总长度不能超过 ${CHANNEL_GROUP_MAX_LENGTH} 个字符`);
  }
  return joined;
}

/** Parses `text` as JSON and returns the object, or undefined when it is not a JSON object. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // Not JSON: reported by the caller.
  }
  return undefined;
}

const jsonFieldLabels = {
  model_mapping: '模型映射',
  status_code_mapping: '状态码复写',
  setting: '渠道额外设置',
  param_override: '参数覆盖',
  other_info: '渠道附加信息',
} as const;
export type JsonField = keyof typeof jsonFieldLabels;

const statusCodePattern = /^[1-5]\d\d$/;

/** Checks one JSON text field ('' is allowed and means "none"); returns the trimmed text. */
export function checkJsonField(field: JsonField, text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const label = jsonFieldLabels[field];
  const object = parseJsonObject(trimmed);
  if (!object) throw failure(`${label}必须是合法的 JSON 对象`);
  if (field === 'model_mapping') {
    if (Object.values(object).some((value) => typeof value !== 'string')) {
      throw failure(`${label}的值必须是字符串，例如 {"gpt-4o": "gpt-4o-2024-08-06"}`);
    }
  }
  if (field === 'status_code_mapping') {
    const valid = Object.entries(object).every(
      ([from, to]) =>
        statusCodePattern.test(from) && typeof to === 'string' && statusCodePattern.test(to),
    );
    if (!valid) throw failure(`${label}必须形如 {"429": "500"}`);
    if (characters(trimmed) > CHANNEL_STATUS_CODE_MAPPING_MAX_LENGTH) {
      throw failure(`${label}长度不能超过 ${CHANNEL_STATUS_CODE_MAPPING_MAX_LENGTH} 个字符`);
    }
  }
  if (field === 'setting') checkChannelSettingLimits(object);
  return trimmed;
}

/** Trims the address and drops trailing slashes; a non-empty address must be http(s). */
export function normaliseBaseUrl(value: string): string {
  const url = stripTrailingSlashes(value.trim());
  if (url === '') return '';
  let protocol = '';
  try {
    protocol = new URL(url).protocol;
  } catch {
    // Reported below.
  }
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw failure('API 地址无效，必须以 http:// 或 https:// 开头');
  }
  return url;
}

export function checkName(name: string): string {
  const trimmed = name.trim();
  if (trimmed === '') throw failure('渠道名称不能为空');
  if (characters(trimmed) > CHANNEL_NAME_MAX_LENGTH) {
    throw failure(`渠道名称长度不能超过 ${CHANNEL_NAME_MAX_LENGTH} 个字符`);
  }
  return trimmed;
}

/** Trimmed tag; '' becomes NULL (no tag). */
export function normaliseTag(tag: string): string | null {
  const trimmed = tag.trim();
  if (characters(trimmed) > CHANNEL_TAG_MAX_LENGTH) {
    throw failure(`标签长度不能超过 ${CHANNEL_TAG_MAX_LENGTH} 个字符`);
  }
  return trimmed === '' ? null : trimmed;
}
