/**
 * The request bodies of the channel editor's key choices: how a new channel's keys become
 * channels (`POST /api/channel/ {mode, multi_key_mode, channel}`), and how an edit changes a
 * multi-key channel's keys (`PUT /api/channel/ {..., key_mode, multi_key_mode}`).
 */
import type {
  ChannelFields,
  CreateChannelRequest,
  UpdateChannelRequest,
} from '@tollgate/contracts';
import type { ChannelFormValues } from './form-values';

type KeyChoices = Pick<
  ChannelFormValues,
  'create_mode' | 'multi_key' | 'multi_key_mode' | 'key_mode'
>;

/** Whether the key field takes several keys, one per line (or a JSON array for Vertex AI). */
export function takesSeveralKeys(
  values: Pick<KeyChoices, 'create_mode' | 'multi_key'>,
  isEdit: boolean,
): boolean {
  return isEdit ? values.multi_key : values.create_mode !== 'single';
}

/** The non-empty lines of the key field: the keys a batch or multi-key channel receives. */
export function keyLineCount(key: string): number {
  return key.split('\n').filter((line) => line.trim() !== '').length;
}

/** `POST /api/channel/`: the mode, and for one multi-key channel how it picks its keys. */
export function createRequestOf(values: KeyChoices, channel: ChannelFields): CreateChannelRequest {
  if (values.create_mode === 'multi_to_single') {
    return { mode: 'multi_to_single', multi_key_mode: values.multi_key_mode, channel };
  }
  return { mode: values.create_mode, channel };
}

/**
 * `PUT /api/channel/`. A multi-key channel also sends its mode, and with entered keys whether
 * they are added to the stored ones or replace them (no key sent: the keys stay as they are).
 */
export function updateRequestOf(
  values: KeyChoices,
  id: number,
  fields: ChannelFields,
): UpdateChannelRequest {
  if (!values.multi_key) return { ...fields, id };
  return {
    ...fields,
    id,
    multi_key_mode: values.multi_key_mode,
    ...(fields.key ? { key_mode: values.key_mode } : {}),
  };
}
