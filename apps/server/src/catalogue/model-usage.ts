/**
 * The fields the model list computes per metadata row (new-api's `bound_channels`,
 * `enable_groups`, `quota_types`, `matched_models`, `matched_count`): every concrete model name of
 * the enabled abilities that the row's rule matches, the channels and groups serving them, and how
 * they are billed.
 */
import type { ModelMetaRow } from '../db/schema.js';
import type { EnabledAbility } from './enabled-abilities.js';
import type { BoundChannel, ModelUsage } from './model-meta-dto.js';
import { ruleMatches } from './name-rules.js';

/** 0 (per token) or 1 (per call) for a model, as the price settings bill it. */
export type QuotaTypeOf = (model: string) => number;

interface ModelRouting {
  channels: Map<number, BoundChannel>;
  groups: Set<string>;
}

/** The enabled abilities gathered by model name (read once per list). */
export function routingByModel(abilities: readonly EnabledAbility[]): Map<string, ModelRouting> {
  const byModel = new Map<string, ModelRouting>();
  for (const ability of abilities) {
    let routing = byModel.get(ability.model);
    if (!routing) {
      routing = { channels: new Map(), groups: new Set() };
      byModel.set(ability.model, routing);
    }
    if (ability.channelExists) {
      routing.channels.set(ability.channelId, {
        name: ability.channelName,
        type: ability.channelType,
      });
    }
    routing.groups.add(ability.group);
  }
  return byModel;
}

export function modelUsage(
  row: Pick<ModelMetaRow, 'model_name' | 'name_rule'>,
  routing: ReadonlyMap<string, ModelRouting>,
  quotaTypeOf: QuotaTypeOf,
): ModelUsage {
  const matched = [...routing.keys()].filter((name) => ruleMatches(row, name)).sort();
  const channels = new Map<number, BoundChannel>();
  const groups = new Set<string>();
  const quotaTypes = new Set<number>();
  for (const name of matched) {
    const served = routing.get(name)!;
    for (const [id, channel] of served.channels) channels.set(id, channel);
    for (const group of served.groups) groups.add(group);
    quotaTypes.add(quotaTypeOf(name));
  }
  return {
    bound_channels: [...channels.entries()]
      .sort(([left], [right]) => left - right)
      .map(([, channel]) => channel),
    enable_groups: [...groups].sort(),
    quota_types: [...quotaTypes].sort(),
    matched_models: matched,
    matched_count: matched.length,
  };
}
