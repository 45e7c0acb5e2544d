/**
 * The routing index `abilities`: one row per (group, model, channel), kept in step with `channels`
 * by every channel write, inside the same transaction. Relay channel selection reads it.
 */
import { CHANNEL_STATUS } from '@tollgate/contracts';
import type { Kysely } from 'kysely';
import type { AbilityUpdate, Database, NewAbility } from '../db/schema.js';
import { splitNames } from './channel-field-rules.js';
import type { ChannelRouting } from './channel-repository.js';

type Db = Kysely<Database>;

/** new-api inserts abilities 50 rows at a time (7 parameters each, far below every driver's limit). */
const INSERT_CHUNK = 50;
/** Channel ids per `IN (...)` list. */
const ID_CHUNK = 500;

function chunks<Item>(items: readonly Item[], size: number): Item[][] {
  const result: Item[][] = [];
  for (let start = 0; start < items.length; start += size)
    result.push(items.slice(start, start + size));
  return result;
}

/**
 * The ability rows a channel should have: every group × model, names trimmed, empty and repeated
 * entries dropped (case-insensitively, because MySQL's key comparison ignores case).
 */
export function abilityRowsFor(channel: ChannelRouting): NewAbility[] {
  const models = uniqueIgnoringCase(splitNames(channel.models));
  const groups = uniqueIgnoringCase(splitNames(channel.group));
  const rows: NewAbility[] = [];
  for (const group of groups) {
    for (const model of models) {
      rows.push({
        group,
        model,
        channel_id: channel.id,
        enabled: channel.status === CHANNEL_STATUS.enabled,
        priority: Number(channel.priority ?? 0),
        weight: Number(channel.weight ?? 0),
        tag: channel.tag,
      });
    }
  }
  return rows;
}

function uniqueIgnoringCase(names: string[]): string[] {
  const seen = new Set<string>();
  return names.filter((name) => {
    const folded = name.toLowerCase();
    if (seen.has(folded)) return false;
    seen.add(folded);
    return true;
  });
}

export async function deleteAbilitiesOf(db: Db, channelIds: readonly number[]): Promise<void> {
  for (const ids of chunks(channelIds, ID_CHUNK)) {
    await db.deleteFrom('abilities').where('channel_id', 'in', ids).execute();
  }
}

/** Deletes and recreates the abilities of `channels` (call inside the channel write's transaction). */
export async function replaceAbilities(db: Db, channels: readonly ChannelRouting[]): Promise<void> {
  await deleteAbilitiesOf(
    db,
    channels.map((channel) => channel.id),
  );
  const rows = channels.flatMap(abilityRowsFor);
  for (const chunk of chunks(rows, INSERT_CHUNK)) {
    await db.insertInto('abilities').values(chunk).execute();
  }
}

/** Copies a status change (`enabled`) or a priority/weight/tag change onto the channels' rows. */
export async function updateAbilitiesOf(
  db: Db,
  channelIds: readonly number[],
  changes: Pick<AbilityUpdate, 'enabled' | 'priority' | 'weight' | 'tag'>,
): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  for (const ids of chunks(channelIds, ID_CHUNK)) {
    await db.updateTable('abilities').set(changes).where('channel_id', 'in', ids).execute();
  }
}

/** Distinct models of enabled abilities, sorted (`GET /api/channel/models_enabled`). */
export async function listEnabledModels(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('abilities')
    .select('model')
    .distinct()
    .where('enabled', '=', true)
    .execute();
  return rows.map((row) => row.model).sort((left, right) => left.localeCompare(right));
}

function rowKey(row: Pick<NewAbility, 'group' | 'model'>): string {
  return `${row.group.toLowerCase()}\u0000${row.model.toLowerCase()}`;
}

/** True when the stored rows are exactly what `abilityRowsFor` would write. */
export function abilitiesMatch(
  expected: readonly NewAbility[],
  stored: readonly NewAbility[],
): boolean {
  if (expected.length !== stored.length) return false;
  const byKey = new Map(stored.map((row) => [rowKey(row), row]));
  return expected.every((row) => {
    const found = byKey.get(rowKey(row));
    return (
      found !== undefined &&
      found.group === row.group &&
      found.model === row.model &&
      Boolean(found.enabled) === row.enabled &&
      Number(found.priority ?? 0) === row.priority &&
      Number(found.weight ?? 0) === row.weight &&
      (found.tag ?? null) === (row.tag ?? null)
    );
  });
}

/**
 * `POST /api/channel/fix`: removes abilities of channels that no longer exist and rebuilds those of
 * every channel whose rows are missing or out of step. Returns how many channels were rebuilt.
 */
export async function repairAbilities(
  db: Db,
  channels: readonly ChannelRouting[],
): Promise<number> {
  await db
    .deleteFrom('abilities')
    .where('channel_id', 'not in', (subquery) => subquery.selectFrom('channels').select('id'))
    .execute();
  const stored = await db.selectFrom('abilities').selectAll().execute();
  const storedByChannel = new Map<number, NewAbility[]>();
  for (const row of stored) {
    const list = storedByChannel.get(Number(row.channel_id)) ?? [];
    list.push(row);
    storedByChannel.set(Number(row.channel_id), list);
  }
  const outOfStep = channels.filter(
    (channel) => !abilitiesMatch(abilityRowsFor(channel), storedByChannel.get(channel.id) ?? []),
  );
  for (const batch of chunks(outOfStep, ID_CHUNK)) await replaceAbilities(db, batch);
  return outOfStep.length;
}
