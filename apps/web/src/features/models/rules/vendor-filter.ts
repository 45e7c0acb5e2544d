import type { Vendor } from '../model-shapes';

/** The vendor filter: every model, or one vendor's (by id). */
export type VendorFilter = 'all' | number;

/** One button of the vendor filter bar. */
export interface VendorFilterItem {
  key: VendorFilter;
  /** The vendor's name; '' for "all" and for models without a vendor (id 0). */
  name: string;
  icon: string;
  count: number;
}

/**
 * The filter bar's buttons from the list's `vendor_counts` ({"all": n, "<vendor id>": n}): "all"
 * first, then each vendor that has models, most models first (by name on a tie). A vendor id the
 * vendor list does not know is shown by its number. The chosen vendor stays even at no models, so
 * the bar never loses the button that is pressed.
 */
export function vendorFilterItems(
  counts: Record<string, number>,
  vendors: readonly Vendor[],
  chosen: VendorFilter,
): VendorFilterItem[] {
  const byId = new Map(vendors.map((vendor) => [vendor.id, vendor]));
  const items: VendorFilterItem[] = [];
  for (const [key, count] of Object.entries(counts)) {
    if (key === 'all' || !/^\d+$/.test(key) || count <= 0) continue;
    const id = Number(key);
    const vendor = byId.get(id);
    items.push({
      key: id,
      name: vendor?.name ?? (id === 0 ? '' : `#${id}`),
      icon: vendor?.icon ?? '',
      count,
    });
  }
  if (chosen !== 'all' && !items.some((item) => item.key === chosen)) {
    const vendor = byId.get(chosen);
    items.push({
      key: chosen,
      name: vendor?.name ?? `#${chosen}`,
      icon: vendor?.icon ?? '',
      count: 0,
    });
  }
  items.sort((left, right) => right.count - left.count || left.name.localeCompare(right.name));
  const all = counts.all ?? items.reduce((sum, item) => sum + item.count, 0);
  return [{ key: 'all', name: '', icon: '', count: all }, ...items];
}

/** The vendor's name for a model row ('' when it has none or the vendor is unknown). */
export function vendorName(vendors: readonly Vendor[], vendorId: number): string {
  if (vendorId <= 0) return '';
  return vendors.find((vendor) => vendor.id === vendorId)?.name ?? '';
}
