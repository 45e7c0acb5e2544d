/**
 * The rules of upstream model updates: what differs between a channel's model list and the list
 * its upstream serves, where the pending difference is kept (the `upstream_model_updates` key of
 * the channel's `other_info` JSON, beside the status reason), and the model list an apply leaves.
 */
import { CHANNEL_MODEL_NAME_MAX_LENGTH, type ChannelUpstreamUpdates } from '@tollgate/contracts';
import { z } from 'zod';
import { characters, parseJsonObject, splitNames } from './channel-field-rules.js';

/** The `other_info` key holding the pending diff. */
export const UPSTREAM_UPDATES_KEY = 'upstream_model_updates';

/** Models upstream serves that the channel lacks, and models the channel lists that upstream no longer serves. */
export interface UpstreamModelDiff {
  added: string[];
  removed: string[];
}

const storedUpdatesSchema = z.object({
  added: z.array(z.string()),
  removed: z.array(z.string()),
  detected_at: z.number(),
});

/** A name a channel's `models` column can hold (no comma, within `abilities.model`'s size). */
function isListableName(name: string): boolean {
  return !name.includes(',') && characters(name) <= CHANNEL_MODEL_NAME_MAX_LENGTH;
}

/**
 * Compares case-insensitively, as abilities do (MySQL's keys ignore case). A channel model whose
 * `model_mapping` target is served upstream is present, and such a target is not "added": the
 * channel already reaches it under another name.
 */
export function diffUpstreamModels(
  channelModels: string,
  modelMapping: string | null,
  upstreamModels: readonly string[],
): UpstreamModelDiff {
  const listed = splitNames(channelModels);
  const mapping = parseJsonObject(modelMapping ?? '') ?? {};
  const upstream = new Set(upstreamModels.map((name) => name.toLowerCase()));
  const reached = new Set<string>();
  const removed: string[] = [];
  for (const model of listed) {
    const target = mapping[model];
    const upstreamName = typeof target === 'string' && target.trim() !== '' ? target : model;
    reached.add(model.toLowerCase());
    reached.add(upstreamName.toLowerCase());
    if (!upstream.has(model.toLowerCase()) && !upstream.has(upstreamName.toLowerCase())) {
      removed.push(model);
    }
  }
  const added: string[] = [];
  for (const name of upstreamModels) {
    const trimmed = name.trim();
    const folded = trimmed.toLowerCase();
    if (trimmed === '' || reached.has(folded) || !isListableName(trimmed)) continue;
    reached.add(folded);
    added.push(trimmed);
  }
  return { added, removed };
}

/** The pending diff stored in `other_info`, or null (none, or not in the expected shape). */
export function readUpstreamUpdates(otherInfo: string | null): ChannelUpstreamUpdates | null {
  const stored = parseJsonObject(otherInfo ?? '')?.[UPSTREAM_UPDATES_KEY];
  const parsed = storedUpdatesSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

/**
 * `other_info` with the pending diff replaced (other keys kept); null removes it. A stored value
 * that is not a JSON object is replaced.
 */
export function withUpstreamUpdates(
  otherInfo: string | null,
  updates: ChannelUpstreamUpdates | null,
): string {
  const { [UPSTREAM_UPDATES_KEY]: _previous, ...info } = parseJsonObject(otherInfo ?? '') ?? {};
  return JSON.stringify(updates ? { ...info, [UPSTREAM_UPDATES_KEY]: updates } : info);
}

/**
 * The model list after applying a diff: the added models appended (those the channel meanwhile
 * lists are skipped), and with `remove` the vanished ones dropped.
 */
export function applyModelDiff(
  channelModels: string,
  diff: UpstreamModelDiff,
  remove: boolean,
): { models: string[]; added: number; removed: number } {
  const vanished = new Set(remove ? diff.removed.map((name) => name.toLowerCase()) : []);
  const kept = splitNames(channelModels).filter((name) => !vanished.has(name.toLowerCase()));
  const present = new Set(kept.map((name) => name.toLowerCase()));
  const added = diff.added.filter((name) => {
    const folded = name.toLowerCase();
    if (present.has(folded)) return false;
    present.add(folded);
    return true;
  });
  const before = splitNames(channelModels).length;
  return {
    models: [...kept, ...added],
    added: added.length,
    removed: before - kept.length,
  };
}
