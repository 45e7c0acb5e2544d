import { redemptionSchema, type UpdateRedemptionStatusRequest } from '@tollgate/contracts';
import type { z } from 'zod';
import { http } from '../../lib/http-client';
import { isRecord } from '../../lib/local-store';
import type { RedemptionFields } from './rules/redemption-form-values';

/** The fields of a code the console reads (the row's `count` and `DeletedAt` carry nothing). */
const redemptionCodeSchema = redemptionSchema.pick({
  id: true,
  user_id: true,
  key: true,
  status: true,
  name: true,
  quota: true,
  created_time: true,
  redeemed_time: true,
  used_user_id: true,
});

/** A redemption code as the admin list shows it. */
export type RedemptionCode = z.infer<typeof redemptionCodeSchema>;

/** One page of the list or of a search. */
export interface RedemptionCodePage {
  items: RedemptionCode[];
  total: number;
}

export interface RedemptionListQuery {
  /** 1-based. */
  page: number;
  pageSize: number;
  /** '' = the plain list; otherwise an id, or the start of a name. */
  keyword: string;
}

/** Keeps the rows that have a code's shape (an unexpected row is dropped, not shown broken). */
function toCodePage(data: unknown): RedemptionCodePage {
  if (!isRecord(data)) return { items: [], total: 0 };
  const rows = Array.isArray(data.items) ? data.items : [];
  return {
    items: rows.flatMap((row) => {
      const parsed = redemptionCodeSchema.safeParse(row);
      return parsed.success ? [parsed.data] : [];
    }),
    total: typeof data.total === 'number' && Number.isFinite(data.total) ? data.total : 0,
  };
}

/**
 * `GET /api/redemption/?p=&page_size=`, or `GET /api/redemption/search` with the keyword (the id,
 * or the start of the name). Data: `{items, total, page, page_size}`.
 */
export async function fetchRedemptionPage(query: RedemptionListQuery): Promise<RedemptionCodePage> {
  const paging = { p: query.page, page_size: query.pageSize };
  if (query.keyword === '') {
    return toCodePage(await http.get<unknown>('/api/redemption/', { query: paging }));
  }
  return toCodePage(
    await http.get<unknown>('/api/redemption/search', {
      query: { keyword: query.keyword, ...paging },
    }),
  );
}

/** `GET /api/redemption/{id}`. */
export async function fetchRedemption(id: number): Promise<RedemptionCode> {
  const parsed = redemptionCodeSchema.safeParse(await http.get<unknown>(`/api/redemption/${id}`));
  if (!parsed.success) throw new Error('Unexpected redemption code data');
  return parsed.data;
}

/** `POST /api/redemption/ {name, quota, count}`: answers the keys of the new codes. */
export async function createRedemptions(
  fields: RedemptionFields,
  count: number,
): Promise<string[]> {
  const data = await http.post<unknown>('/api/redemption/', { ...fields, count });
  return Array.isArray(data) ? data.filter((key): key is string => typeof key === 'string') : [];
}

/** `PUT /api/redemption/ {id, name, quota}`: only an unused code can be edited. */
export function updateRedemption(id: number, fields: RedemptionFields): Promise<unknown> {
  return http.put<unknown>('/api/redemption/', { ...fields, id });
}

/** `PUT /api/redemption/?status_only=true {id, status}`: re-enable (1) or disable (2). */
export function updateRedemptionStatus(request: UpdateRedemptionStatusRequest): Promise<unknown> {
  return http.put<unknown>('/api/redemption/', request, { query: { status_only: true } });
}

/** `DELETE /api/redemption/{id}/`. */
export function deleteRedemption(id: number): Promise<unknown> {
  return http.delete<unknown>(`/api/redemption/${id}/`);
}
