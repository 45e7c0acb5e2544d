import {
  CHANNEL_TYPE,
  CHANNEL_TYPE_TABLE,
  channelTypeDefinition,
  type ChannelBaseUrlField,
  type ChannelOtherField,
} from '@tollgate/contracts';

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

/** Which address field a type shows (its row of the channel-type table). */
export type BaseUrlField = ChannelBaseUrlField;

export function baseUrlFieldOf(type: number): BaseUrlField {
  return channelTypeDefinition(type)?.baseUrlField ?? 'optional';
}

/** What the `other` field holds for a type, or null when the type does not use it. */
export type OtherField = ChannelOtherField;

export function otherFieldOf(type: number): OtherField | null {
  return channelTypeDefinition(type)?.otherField ?? null;
}

/** Fills the default a type keeps in `other` when it is left empty (type 18 → v2.1). */
export function otherWithDefault(type: number, other: string): string {
  const trimmed = other.trim();
  return trimmed === '' ? (channelTypeDefinition(type)?.otherDefault ?? '') : trimmed;
}
