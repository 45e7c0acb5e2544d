/** Prefill group administration by admins (new-api 1.0 `/api/prefill_group`). */
import type { PrefillGroup, SavePrefillGroupRequest } from '@tollgate/contracts';
import { isUniqueViolation, nowSeconds } from '../db/dialect-helpers.js';
import type { DatabaseHandle } from '../db/open-database.js';
import type { PrefillGroupRow } from '../db/schema.js';
import { failure } from '../errors/app-error.js';
import * as repository from './prefill-group-repository.js';
import {
  PREFILL_GROUP_NAME_TAKEN,
  PREFILL_GROUP_NOT_FOUND,
  checkPrefillGroupDescription,
  checkPrefillGroupItems,
  checkPrefillGroupName,
  checkPrefillGroupType,
  storedItems,
} from './prefill-group-rules.js';

/** What the administration needs. */
export interface PrefillGroupDeps {
  database: DatabaseHandle;
}

function toDto(row: PrefillGroupRow): PrefillGroup {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    items: storedItems(row.items),
    description: row.description ?? '',
    created_time: row.created_time ?? 0,
    updated_time: row.updated_time ?? 0,
  };
}

function valid<T>(checked: { ok: true; value: T } | { ok: false; message: string }): T {
  if (!checked.ok) throw failure(checked.message);
  return checked.value;
}

function checkedValues(request: SavePrefillGroupRequest): repository.PrefillGroupValues {
  return {
    name: valid(checkPrefillGroupName(request.name)),
    type: valid(checkPrefillGroupType(request.type)),
    items: JSON.stringify(valid(checkPrefillGroupItems(request.items))),
    description: valid(checkPrefillGroupDescription(request.description)),
  };
}

/** `GET /api/prefill_group/?type=`: live groups, most recently updated first. */
export async function listPrefillGroups(
  deps: PrefillGroupDeps,
  type: string,
): Promise<PrefillGroup[]> {
  const rows = await repository.listPrefillGroups(deps.database.db, type.trim());
  return rows.map(toDto);
}

async function requireGroup(deps: PrefillGroupDeps, id: number): Promise<PrefillGroupRow> {
  const row = await repository.findPrefillGroup(deps.database.db, id);
  if (!row) throw failure(PREFILL_GROUP_NOT_FOUND);
  return row;
}

/**
 * `POST /api/prefill_group/`: a new group; a live group of the same name is refused. Two saves
 * of one new name at the same instant may both pass the check (no partial unique index on
 * MySQL); the list then shows both and either can be renamed or deleted.
 */
export async function createPrefillGroup(
  deps: PrefillGroupDeps,
  request: SavePrefillGroupRequest,
): Promise<PrefillGroup> {
  const values = checkedValues(request);
  if (await repository.prefillGroupNameTaken(deps.database.db, values.name)) {
    throw failure(PREFILL_GROUP_NAME_TAKEN);
  }
  let id: number;
  try {
    id = await repository.insertPrefillGroup(deps.database, values, nowSeconds());
  } catch (error) {
    // A database that does carry new-api's unique index refuses the name itself.
    if (isUniqueViolation(error)) throw failure(PREFILL_GROUP_NAME_TAKEN);
    throw error;
  }
  return toDto(await requireGroup(deps, id));
}

/** `PUT /api/prefill_group/` with `id`: rewrites name, type, items and description. */
export async function updatePrefillGroup(
  deps: PrefillGroupDeps,
  request: SavePrefillGroupRequest,
): Promise<PrefillGroup> {
  if (request.id === undefined) throw failure(PREFILL_GROUP_NOT_FOUND);
  const values = checkedValues(request);
  await requireGroup(deps, request.id);
  if (await repository.prefillGroupNameTaken(deps.database.db, values.name, request.id)) {
    throw failure(PREFILL_GROUP_NAME_TAKEN);
  }
  try {
    const updated = await repository.updatePrefillGroup(
      deps.database.db,
      request.id,
      values,
      nowSeconds(),
    );
    if (!updated) throw failure(PREFILL_GROUP_NOT_FOUND);
  } catch (error) {
    if (isUniqueViolation(error)) throw failure(PREFILL_GROUP_NAME_TAKEN);
    throw error;
  }
  return toDto(await requireGroup(deps, request.id));
}

/** `DELETE /api/prefill_group/:id`: soft delete (the name is free again). */
export async function deletePrefillGroup(deps: PrefillGroupDeps, id: number): Promise<void> {
  if (!(await repository.softDeletePrefillGroup(deps.database, id))) {
    throw failure(PREFILL_GROUP_NOT_FOUND);
  }
}
