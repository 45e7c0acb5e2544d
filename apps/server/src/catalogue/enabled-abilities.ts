/** What the catalogue reads of routing: the enabled abilities with their channels' name and type. */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** One enabled (model, group, channel) of `abilities`. */
export interface EnabledAbility {
  model: string;
  group: string;
  channelId: number;
  /** '' and 0 for an ability whose channel row is gone (it still counts, as before, for pricing). */
  channelName: string;
  channelType: number;
  channelExists: boolean;
}

export async function listEnabledAbilities(db: Kysely<Database>): Promise<EnabledAbility[]> {
  const rows = await db
    .selectFrom('abilities')
    .leftJoin('channels', 'channels.id', 'abilities.channel_id')
    .select([
      'abilities.model as model',
      'abilities.group as group',
      'abilities.channel_id as channelId',
      'channels.id as foundId',
      'channels.name as channelName',
      'channels.type as channelType',
    ])
    .where('abilities.enabled', '=', true)
    .execute();
  return rows.map((row) => ({
    model: row.model,
    group: row.group,
    channelId: Number(row.channelId),
    channelName: row.channelName ?? '',
    channelType: Number(row.channelType ?? 0),
    channelExists: row.foundId !== null,
  }));
}

/** The distinct model names of enabled abilities, sorted. */
export function enabledModelNames(abilities: readonly EnabledAbility[]): string[] {
  return [...new Set(abilities.map((ability) => ability.model))].sort();
}
