/** The paging and search query of the catalogue's lists (`p` 1-based; 0 or missing = 1). */
import { z } from 'zod';

export const CATALOGUE_PAGE_SIZE_DEFAULT = 20;
export const CATALOGUE_PAGE_SIZE_MAX = 100;
/** Keeps `(p - 1) × page_size` a sane offset however large `p` is. */
const MAX_PAGE_NUMBER = 1_000_000;

/** A query integer read leniently: missing, empty or unreadable → 0. */
const lenientInteger = z.coerce.number().int().catch(0);
/** A query text: the first value when repeated, '' when missing. */
const queryText = z.preprocess(
  (value) => (Array.isArray(value) ? value[0] : value),
  z.string().max(200).catch(''),
);

export const catalogueQuerySchema = z.object({
  p: lenientInteger,
  page_size: lenientInteger,
  keyword: queryText.default(''),
  vendor: queryText.default(''),
  locale: queryText.default(''),
});
export type CatalogueQuery = z.infer<typeof catalogueQuerySchema>;

/** The page asked for: number, size and the rows to skip. */
export interface PageWindow {
  page: number;
  pageSize: number;
  offset: number;
}

export function pageWindow(query: Pick<CatalogueQuery, 'p' | 'page_size'>): PageWindow {
  const page = Math.min(Math.max(query.p, 1), MAX_PAGE_NUMBER);
  const pageSize =
    query.page_size <= 0
      ? CATALOGUE_PAGE_SIZE_DEFAULT
      : Math.min(query.page_size, CATALOGUE_PAGE_SIZE_MAX);
  return { page, pageSize, offset: (page - 1) * pageSize };
}
