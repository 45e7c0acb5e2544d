/**
 * Vendor ids by name during one sync: local vendors are used as they are; a vendor the upstream
 * names that does not exist locally is created on demand from `vendors.json` (or from its name
 * alone when the file does not list it).
 */
import type { CatalogueDeps } from './catalogue-deps.js';
import type { UpstreamVendor } from './upstream-metadata.js';
import { insertNamedVendor } from './vendor-admin.js';
import { findVendorsNamed, listLiveVendors } from './vendor-repository.js';

export class SyncVendors {
  readonly created: string[] = [];

  private constructor(
    private readonly deps: Pick<CatalogueDeps, 'database'>,
    private readonly upstream: ReadonlyMap<string, UpstreamVendor>,
    private readonly ids: Map<string, number>,
    readonly names: Map<number, string>,
  ) {}

  static async load(
    deps: Pick<CatalogueDeps, 'database'>,
    upstream: ReadonlyMap<string, UpstreamVendor>,
  ): Promise<SyncVendors> {
    const rows = await listLiveVendors(deps.database.db);
    const byName = new Map<string, number>();
    for (const row of [...rows].sort((left, right) => left.id - right.id)) {
      if (!byName.has(row.name)) byName.set(row.name, row.id);
    }
    return new SyncVendors(deps, upstream, byName, new Map(rows.map((row) => [row.id, row.name])));
  }

  /** The local name of a vendor id ('' when none). */
  nameOf(id: number): string {
    return this.names.get(id) ?? '';
  }

  /** The id of the vendor named `name` (0 for ''), created when missing. */
  async idFor(name: string): Promise<number> {
    if (name === '') return 0;
    const known = this.ids.get(name);
    if (known !== undefined) return known;
    const listed = this.upstream.get(name);
    let id: number;
    try {
      id = await insertNamedVendor(this.deps, {
        name,
        description: listed?.description ?? '',
        icon: listed?.icon ?? '',
        status: listed?.status ?? 1,
      });
      this.created.push(name);
    } catch (error) {
      // Another writer created it meanwhile: use theirs.
      const [existing] = await findVendorsNamed(this.deps.database.db, name);
      if (!existing) throw error;
      id = existing.id;
    }
    this.ids.set(name, id);
    this.names.set(id, name);
    return id;
  }
}
