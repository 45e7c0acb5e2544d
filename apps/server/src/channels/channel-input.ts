/**
 * Turns console channel fields into column values for a create or an update, and the small
 * helpers around them (status info, batch keys). Field-level rules live in channel-field-rules.ts.
 */
import {
  CHANNEL_STATUS,
  type ChannelFields,
  channelTypeDefinition,
  isKnownChannelType,
} from '@tollgate/contracts';
import type { ChannelRow, ChannelUpdate } from '../db/schema.js';
import { vendorOf } from '../providers/vendors.js';
import { failure } from '../errors/app-error.js';
import {
  checkJsonField,
  checkName,
  normaliseBaseUrl,
  normaliseGroups,
  normaliseModels,
  normaliseTag,
  parseJsonObject,
  type JsonField,
} from './channel-field-rules.js';

/** Column values of a new channel except `key`, `created_time` and the counters. */
export type NewChannelValues = Required<
  Pick<
    ChannelUpdate,
    | 'type'
    | 'name'
    | 'status'
    | 'models'
    | 'group'
    | 'other'
    | 'other_info'
    | 'openai_organization'
    | 'test_model'
    | 'weight'
    | 'priority'
    | 'auto_ban'
    | 'base_url'
    | 'model_mapping'
    | 'status_code_mapping'
    | 'tag'
    | 'setting'
    | 'param_override'
  >
>;

/** Validates a create request's fields (spec: name, key and at least one model are required). */
export function prepareNewChannel(fields: ChannelFields): NewChannelValues {
  const type = fields.type ?? 1;
  if (!isKnownChannelType(type)) throw failure('渠道类型无效');
  const name = checkName(fields.name ?? '');
  const models = normaliseModels(fields.models ?? '');
  if (models === '') throw failure('请至少选择一个模型');
  const group = normaliseGroups(fields.group ?? '') || 'default';
  const other = fields.other ?? '';
  vendorOf(type)?.channelFields?.checkOther?.(other);
  return {
    type,
    name,
    status: fields.status || CHANNEL_STATUS.enabled,
    models,
    group,
    other,
    other_info: checkJsonField('other_info', fields.other_info ?? ''),
    openai_organization: fields.openai_organization?.trim() ?? null,
    test_model: fields.test_model?.trim() ?? null,
    weight: fields.weight ?? 0,
    priority: fields.priority ?? 0,
    auto_ban: fields.auto_ban ?? 1,
    base_url: normaliseBaseUrl(fields.base_url ?? ''),
    model_mapping: nullableJson('model_mapping', fields.model_mapping),
    status_code_mapping: checkJsonField('status_code_mapping', fields.status_code_mapping ?? ''),
    tag: normaliseTag(fields.tag ?? ''),
    setting: nullableJson('setting', fields.setting),
    param_override: nullableJson('param_override', fields.param_override),
  };
}

function nullableJson(field: JsonField, value: string | null | undefined): string | null {
  return value === undefined || value === null ? null : checkJsonField(field, value);
}

/**
 * The columns an update writes, following new-api: plain fields only when non-empty/non-zero,
 * nullable fields whenever present (so explicit 0 and '' are written). `key` is handled by the caller.
 */
export function prepareChannelChanges(
  fields: ChannelFields,
  existing: Pick<ChannelRow, 'type' | 'other'>,
): ChannelUpdate {
  const changes: ChannelUpdate = {};
  if (fields.type) {
    // A type from a newer release already stored in an adopted database may be kept as is.
    if (!isKnownChannelType(fields.type) && fields.type !== existing.type) {
      throw failure('渠道类型无效');
    }
    changes.type = fields.type;
  }
  if (fields.name !== undefined && fields.name.trim() !== '') changes.name = checkName(fields.name);
  if (fields.status) changes.status = fields.status;
  if (fields.models !== undefined) {
    const models = normaliseModels(fields.models);
    if (models !== '') changes.models = models;
  }
  if (fields.group !== undefined) {
    const group = normaliseGroups(fields.group);
    if (group !== '') changes.group = group;
  }
  if (fields.other !== undefined && fields.other !== '') changes.other = fields.other;
  if (fields.other_info !== undefined && fields.other_info.trim() !== '') {
    changes.other_info = checkJsonField('other_info', fields.other_info);
  }
  if (fields.openai_organization != null) {
    changes.openai_organization = fields.openai_organization.trim();
  }
  if (fields.test_model != null) changes.test_model = fields.test_model.trim();
  if (fields.weight != null) changes.weight = fields.weight;
  if (fields.priority != null) changes.priority = fields.priority;
  if (fields.auto_ban != null) changes.auto_ban = fields.auto_ban;
  if (fields.base_url != null) changes.base_url = normaliseBaseUrl(fields.base_url);
  if (fields.model_mapping != null) {
    changes.model_mapping = checkJsonField('model_mapping', fields.model_mapping);
  }
  if (fields.status_code_mapping != null) {
    changes.status_code_mapping = checkJsonField('status_code_mapping', fields.status_code_mapping);
  }
  if (fields.tag != null) changes.tag = normaliseTag(fields.tag);
  if (fields.setting != null) changes.setting = checkJsonField('setting', fields.setting);
  if (fields.param_override != null) {
    changes.param_override = checkJsonField('param_override', fields.param_override);
  }

  const type = changes.type ?? existing.type;
  const checkOther = vendorOf(type)?.channelFields?.checkOther;
  if (checkOther && (fields.type || fields.other !== undefined)) {
    checkOther(changes.other ?? existing.other ?? '');
  }
  return changes;
}

/**
 * `other_info` with the status reason and time recorded (other keys kept); a stored value that
 * is not a JSON object is replaced.
 */
export function withStatusInfo(otherInfo: string | null, reason: string, time: number): string {
  const info = parseJsonObject(otherInfo ?? '') ?? {};
  return JSON.stringify({ ...info, status_reason: reason, status_time: time });
}

/**
 * The keys a create request holds: one trimmed key in single mode; in batch mode one per non-empty
 * line; for a type whose keys are JSON credentials (Vertex AI), one per element of a JSON array
 * (else the whole text: a credential has line breaks of its own).
 */
export function splitChannelKeys(key: string, batch: boolean, type: number): string[] {
  const trimmed = key.trim();
  if (trimmed === '') return [];
  if (!batch) return [trimmed];
  if (channelTypeDefinition(type)?.keyFormat?.kind === 'json') return splitJsonCredentials(trimmed);
  return [
    ...new Set(
      trimmed
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== ''),
    ),
  ];
}

const JSON_BATCH_FORMAT = 'Vertex AI 批量添加模式必须使用 JSON 数组格式，例如 [{...}, {...}]';

/** A batch of JSON credentials: a JSON array of objects, one key each; anything else is one key. */
function splitJsonCredentials(trimmed: string): string[] {
  if (!trimmed.startsWith('[')) return [trimmed];
  let credentials: unknown;
  try {
    credentials = JSON.parse(trimmed);
  } catch {
    throw failure(JSON_BATCH_FORMAT);
  }
  if (
    !Array.isArray(credentials) ||
    credentials.some((item) => typeof item !== 'object' || item === null)
  ) {
    throw failure(JSON_BATCH_FORMAT);
  }
  return credentials.map((item) => JSON.stringify(item));
}
