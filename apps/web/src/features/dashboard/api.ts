import { quotaDataEntrySchema, type QuotaDataEntry } from '@tollgate/contracts';
import { http } from '../../lib/http-client';

export type { QuotaDataEntry };

export interface QuotaDataQuery {
  /** Unix seconds. */
  start: number;
  end: number;
  /** Admins may narrow to one user ('' = every user, summed per model and hour). */
  username: string;
  admin: boolean;
}

/**
 * Hourly usage buckets: `GET /api/data/` for admins (optional `username`), `GET /api/data/self`
 * for everyone else (the server refuses ranges over 30 days). Rows of another shape are skipped.
 */
export async function fetchQuotaData(query: QuotaDataQuery): Promise<QuotaDataEntry[]> {
  const range = { start_timestamp: query.start, end_timestamp: query.end };
  const data = query.admin
    ? await http.get<unknown>('/api/data/', {
        query: { ...range, username: query.username.trim() },
      })
    : await http.get<unknown>('/api/data/self', { query: range });
  if (!Array.isArray(data)) return [];
  return data.flatMap((row) => {
    const parsed = quotaDataEntrySchema.safeParse(row);
    return parsed.success ? [parsed.data] : [];
  });
}
