import { http } from '../../lib/http-client';
import { isRecord } from '../../lib/local-store';

/** `GET /api/user/models`: model names the user may call. */
export async function fetchUserModels(): Promise<string[]> {
  const data = await http.get<unknown>('/api/user/models');
  return Array.isArray(data)
    ? data.filter((model): model is string => typeof model === 'string')
    : [];
}

/** One group the user may chat through. */
export interface GroupOption {
  group: string;
  desc: string;
  ratio: number;
}

/** `GET /api/user/self/groups`: `{group: {ratio, desc}}` of the usable, priced groups. */
export async function fetchUserGroups(): Promise<GroupOption[]> {
  const data = await http.get<unknown>('/api/user/self/groups');
  if (!isRecord(data)) return [];
  return Object.entries(data).flatMap(([group, info]) =>
    isRecord(info)
      ? [
          {
            group,
            desc: typeof info.desc === 'string' ? info.desc : group,
            ratio: typeof info.ratio === 'number' ? info.ratio : 1,
          },
        ]
      : [],
  );
}
