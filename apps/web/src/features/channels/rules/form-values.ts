/**
 * The channel form's values, how they are filled from a channel, checked (spec part 2 §5
 * "Channel form") and turned into the request fields of `POST`/`PUT /api/channel/`.
 */
import type { ChannelCreateMode, ChannelFields, ChannelView } from '@tollgate/contracts';
import { isInvalidBaseUrl, stripTrailingSlash } from './base-url';
import { baseUrlFieldOf, channelType, otherWithDefault } from './channel-types';
import { jsonFieldProblem, vertexRegionProblem, type ChannelJsonField } from './json-text';
import type { MultiKeyMode } from './multi-key';
import { splitList, uniqueNames } from './model-list';
import { parsePriority, parseWeight } from './numbers';

export interface ChannelFormValues {
  type: number;
  name: string;
  /** Write-only: empty on edit means "keep the stored key". */
  key: string;
  /**
   * Create only: one channel (`single`), one channel per key line (`batch`), or one channel
   * holding every line as its keys (`multi_to_single`).
   */
  create_mode: ChannelCreateMode;
  /** Edit only: the stored channel holds several keys (`channel_info.is_multi_key`). */
  multi_key: boolean;
  /** How a multi-key channel picks a key per call: at random or in turn. */
  multi_key_mode: MultiKeyMode;
  /** Edit of a multi-key channel: the entered key lines replace the stored keys or are added. */
  key_mode: 'replace' | 'append';
  openai_organization: string;
  base_url: string;
  other: string;
  models: string[];
  groups: string[];
  model_mapping: string;
  status_code_mapping: string;
  test_model: string;
  auto_ban: boolean;
  priority: number | null;
  weight: number | null;
  tag: string;
  setting: string;
  param_override: string;
}

/** Defaults of a new channel (spec part 2 §9): type 1, auto-ban on, group default, 0 and 0. */
export const newChannelValues: ChannelFormValues = {
  type: channelType.openAi,
  name: '',
  key: '',
  create_mode: 'single',
  multi_key: false,
  multi_key_mode: 'random',
  key_mode: 'append',
  openai_organization: '',
  base_url: '',
  other: '',
  models: [],
  groups: ['default'],
  model_mapping: '',
  status_code_mapping: '',
  test_model: '',
  auto_ban: true,
  priority: 0,
  weight: 0,
  tag: '',
  setting: '',
  param_override: '',
};

/** The form values of a stored channel (its key is never sent back, so it starts empty). */
export function formValuesOf(channel: ChannelView): ChannelFormValues {
  const groups = splitList(channel.group);
  return {
    type: channel.type,
    name: channel.name,
    key: '',
    create_mode: 'single',
    multi_key: channel.channel_info?.is_multi_key === true,
    multi_key_mode: channel.channel_info?.multi_key_mode ?? 'random',
    key_mode: 'append',
    openai_organization: channel.openai_organization ?? '',
    base_url: channel.base_url ?? '',
    other: channel.other,
    models: splitList(channel.models),
    groups: groups.length > 0 ? groups : ['default'],
    model_mapping: channel.model_mapping ?? '',
    status_code_mapping: channel.status_code_mapping ?? '',
    test_model: channel.test_model ?? '',
    auto_ban: channel.auto_ban !== 0,
    priority: channel.priority ?? 0,
    weight: channel.weight ?? 0,
    tag: channel.tag ?? '',
    setting: channel.setting ?? '',
    param_override: channel.param_override ?? '',
  };
}

/** A refused form: the field to point at and the message key (namespace `channels`). */
export interface FormProblem {
  field: keyof ChannelFormValues;
  message: string;
}

const jsonMessages: Record<ChannelJsonField, string> = {
  model_mapping: 'form.errors.modelMappingInvalid',
  status_code_mapping: 'form.errors.statusCodeMappingInvalid',
  setting: 'form.errors.settingInvalid',
  param_override: 'form.errors.paramOverrideInvalid',
};

const jsonFields = Object.keys(jsonMessages) as ChannelJsonField[];

/** The first problem of the form, in the order the reference console checks; null when fine. */
export function channelFormProblem(values: ChannelFormValues, isEdit: boolean): FormProblem | null {
  if (!isEdit && (values.name.trim() === '' || values.key.trim() === '')) {
    return {
      field: values.name.trim() === '' ? 'name' : 'key',
      message: 'form.errors.nameAndKeyRequired',
    };
  }
  if (uniqueNames(values.models).length === 0) {
    return { field: 'models', message: 'form.errors.modelsRequired' };
  }
  for (const field of jsonFields) {
    const problem = jsonFieldProblem(field, values[field]);
    if (problem === 'mapping-values') {
      return { field, message: 'form.errors.modelMappingValues' };
    }
    if (problem) return { field, message: jsonMessages[field] };
  }
  if (baseUrlFieldOf(values.type) !== 'none' && isInvalidBaseUrl(values.base_url)) {
    return { field: 'base_url', message: 'form.errors.baseUrlInvalid' };
  }
  if (values.type === channelType.vertexAi) {
    const problem = vertexRegionProblem(values.other);
    if (problem) return { field: 'other', message: `form.errors.${problem}` };
  }
  return null;
}

/** The request fields of a checked form. On edit an empty key is left out (kept by the server). */
export function channelFieldsOf(values: ChannelFormValues, isEdit: boolean): ChannelFields {
  const fields: ChannelFields = {
    type: values.type,
    name: values.name.trim(),
    openai_organization: values.openai_organization.trim(),
    base_url: baseUrlFieldOf(values.type) === 'none' ? '' : stripTrailingSlash(values.base_url),
    other: otherWithDefault(values.type, values.other),
    models: uniqueNames(values.models).join(','),
    group: uniqueNames(values.groups).join(','),
    model_mapping: values.model_mapping.trim(),
    status_code_mapping: values.status_code_mapping.trim(),
    test_model: values.test_model.trim(),
    auto_ban: values.auto_ban ? 1 : 0,
    priority: parsePriority(values.priority) ?? 0,
    weight: parseWeight(values.weight) ?? 0,
    tag: values.tag.trim(),
    setting: values.setting.trim(),
    param_override: values.param_override.trim(),
  };
  const key = values.key.trim();
  if (!isEdit || key !== '') fields.key = key;
  return fields;
}
