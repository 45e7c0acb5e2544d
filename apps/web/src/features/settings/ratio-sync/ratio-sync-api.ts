import type {
  RatioSyncFetchRequest,
  RatioSyncResult,
  RatioSyncSourceEntry,
} from '@tollgate/contracts';
import { http } from '../../../lib/http-client';

/** `GET /api/ratio_sync/channels`: the channels usable as sources, then the presets. */
export async function fetchRatioSources(): Promise<RatioSyncSourceEntry[]> {
  const data = await http.get<unknown>('/api/ratio_sync/channels');
  return Array.isArray(data) ? (data as RatioSyncSourceEntry[]) : [];
}

/** `POST /api/ratio_sync/fetch`: what the chosen sources say differently. */
export async function fetchRatioDifferences(body: RatioSyncFetchRequest): Promise<RatioSyncResult> {
  const data = await http.post<RatioSyncResult | null>('/api/ratio_sync/fetch', body);
  return data ?? { differences: {}, test_results: [] };
}
