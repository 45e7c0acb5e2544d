import type { PrefillGroup, PrefillGroupType } from '@tollgate/contracts';
import { http } from '../../../lib/http-client';

/** What the editor saves: `id` set for an edit, absent for a new group. */
export interface PrefillGroupInput {
  id?: number;
  name: string;
  type: PrefillGroupType;
  items: string[];
  description: string;
}

function isGroup(value: unknown): value is PrefillGroup {
  const group = value as Partial<PrefillGroup> | null;
  return (
    typeof group?.id === 'number' &&
    typeof group.name === 'string' &&
    typeof group.type === 'string' &&
    Array.isArray(group.items)
  );
}

/** `GET /api/prefill_group/?type=`: most recently updated first; '' = every type. */
export async function fetchPrefillGroups(type: PrefillGroupType | ''): Promise<PrefillGroup[]> {
  const data = await http.get<unknown>('/api/prefill_group/', { query: { type } });
  return Array.isArray(data)
    ? data.filter(isGroup).map((group) => ({
        ...group,
        items: group.items.filter((item): item is string => typeof item === 'string'),
        description: typeof group.description === 'string' ? group.description : '',
      }))
    : [];
}

/** `POST /api/prefill_group/` (new) or `PUT /api/prefill_group/` (with `id`). */
export function savePrefillGroup(input: PrefillGroupInput): Promise<unknown> {
  return input.id === undefined
    ? http.post<unknown>('/api/prefill_group/', input)
    : http.put<unknown>('/api/prefill_group/', input);
}

/** `DELETE /api/prefill_group/{id}`. */
export function deletePrefillGroup(id: number): Promise<unknown> {
  return http.delete<unknown>(`/api/prefill_group/${id}`);
}
