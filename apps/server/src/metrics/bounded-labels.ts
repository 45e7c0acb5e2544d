/** The label value recorded for anything beyond a cardinality cap. */
export const OVERFLOW_LABEL = 'other';

/**
 * A cache of per-label-value series that holds at most `limit` distinct keys; later keys share
 * the series of `OVERFLOW_LABEL`. Keeps client-influenced labels (model names) from growing the
 * exposition without bound, and keeps the key → label conversion (such as a channel id to its
 * string) to once per key.
 */
export class BoundedLabels<Key, Series> {
  private readonly known = new Map<Key, Series>();
  private overflow: Series | undefined;

  constructor(
    private readonly limit: number,
    private readonly toLabel: (key: Key) => string,
    private readonly createSeries: (label: string) => Series,
  ) {}

  get(key: Key): Series {
    const found = this.known.get(key);
    if (found !== undefined) return found;
    if (this.known.size >= this.limit) {
      this.overflow ??= this.createSeries(OVERFLOW_LABEL);
      return this.overflow;
    }
    const created = this.createSeries(this.toLabel(key));
    this.known.set(key, created);
    return created;
  }
}
