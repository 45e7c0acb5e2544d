/**
 * `GET /api/models/missing`: the model names enabled channels serve (enabled abilities) that no
 * live metadata row describes, under any row's name rule (a prefix row covers every name it
 * starts). Disabled rows still describe their names: they are configured, only hidden.
 */
import type { Kysely } from 'kysely';
import type { Database, ModelMetaRow } from '../db/schema.js';
import { enabledModelNames, listEnabledAbilities } from './enabled-abilities.js';
import { listLiveModels } from './model-meta-repository.js';
import { ruleMatches } from './name-rules.js';

/** The names of `names` that no row of `rows` describes, in the given order. */
export function namesWithoutMetadata(
  names: readonly string[],
  rows: readonly Pick<ModelMetaRow, 'model_name' | 'name_rule'>[],
): string[] {
  const exact = new Set(rows.filter((row) => row.name_rule === 0).map((row) => row.model_name));
  const ruled = rows.filter((row) => row.name_rule !== 0);
  return names.filter((name) => !exact.has(name) && !ruled.some((row) => ruleMatches(row, name)));
}

export async function listMissingModels(db: Kysely<Database>): Promise<string[]> {
  const [abilities, rows] = await Promise.all([listEnabledAbilities(db), listLiveModels(db)]);
  return namesWithoutMetadata(enabledModelNames(abilities), rows);
}
