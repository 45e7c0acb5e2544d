/**
 * A live model or vendor name is unique. The table's unique index pairs the name with
 * `deleted_at`, which holds NULL for every live row, and NULLs never collide: the index alone
 * lets two live rows share a name. So the code checks, and settles a race without a lock: after
 * its write, a writer reads the live rows of the name, and when another row with a lower id holds
 * it, takes its own write back and refuses. Of two racing writers exactly one keeps the name.
 */
import { failure } from '../errors/app-error.js';

/** How one table's names are read and written back. */
export interface NamedRows {
  /** Live rows of exactly this name. */
  named(name: string): Promise<readonly { id: number }[]>;
  /** The refusal's text. */
  takenMessage: string;
}

/** Refuses when a live row other than `exceptId` has the name. */
export async function refuseTakenName(
  rows: NamedRows,
  name: string,
  exceptId?: number,
): Promise<void> {
  const holders = await rows.named(name);
  if (holders.some((row) => row.id !== exceptId)) throw failure(rows.takenMessage);
}

/** True when a live row with a lower id than `id` holds the name. */
async function lostTheName(rows: NamedRows, name: string, id: number): Promise<boolean> {
  const holders = await rows.named(name);
  return holders.some((row) => row.id < id);
}

/** Inserts a row of a free name; a racing insert of the same name leaves one row. */
export async function insertUniquelyNamed(
  rows: NamedRows,
  name: string,
  insert: () => Promise<number>,
  remove: (id: number) => Promise<void>,
): Promise<number> {
  await refuseTakenName(rows, name);
  const id = await insert();
  if (await lostTheName(rows, name, id)) {
    await remove(id);
    throw failure(rows.takenMessage);
  }
  return id;
}

/** After renaming row `id` to `name`: when the rename lost a race, `revert` runs and it refuses. */
export async function confirmRename(
  rows: NamedRows,
  name: string,
  id: number,
  revert: () => Promise<unknown>,
): Promise<void> {
  if (!(await lostTheName(rows, name, id))) return;
  await revert();
  throw failure(rows.takenMessage);
}
