/**
 * `POST /api/channel/multi_key/manage`: a multi-key channel's keys, one page at a time, and the
 * operator's changes to them. Only key previews travel; the keys stay on the server.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http-client';
import { useInvalidatingMutation } from '../../lib/query-hooks';
import { toKeyStatusPage, type KeyStatusPage } from './rules/multi-key';

/** The actions that change keys (new-api's names). */
export type KeyAction =
  | 'enable_key'
  | 'disable_key'
  | 'delete_key'
  | 'enable_all_keys'
  | 'disable_all_keys'
  | 'delete_disabled_keys';

export interface KeyStatusQuery {
  channelId: number;
  page: number;
  pageSize: number;
  /** 1, 2 or 3; undefined lists every key. */
  status?: number;
}

export async function fetchKeyStatus(query: KeyStatusQuery): Promise<KeyStatusPage> {
  const data = await http.post<unknown>('/api/channel/multi_key/manage', {
    channel_id: query.channelId,
    action: 'get_key_status',
    page: query.page,
    page_size: query.pageSize,
    ...(query.status ? { status: query.status } : {}),
  });
  return toKeyStatusPage(data);
}

export interface KeyActionRequest {
  channelId: number;
  action: KeyAction;
  /** The key an action on one key is about. */
  keyIndex?: number;
}

/** Runs one action; resolves to the server's message ("已禁用 3 个密钥", in the console's language). */
export async function runKeyAction(request: KeyActionRequest): Promise<string> {
  const envelope = await http.envelope<unknown>('POST', '/api/channel/multi_key/manage', {
    body: {
      channel_id: request.channelId,
      action: request.action,
      ...(request.keyIndex === undefined ? {} : { key_index: request.keyIndex }),
    },
  });
  return envelope.message;
}

// Under the channel list's key: a change refreshes the key page and the list's badges together.
const channelsKey = ['channels'] as const;

export function useKeyStatusQuery(query: KeyStatusQuery | null) {
  return useQuery({
    queryKey: [...channelsKey, 'keys', query],
    queryFn: () => fetchKeyStatus(query ?? { channelId: 0, page: 1, pageSize: 10 }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
    gcTime: 0,
  });
}

export const useKeyActionMutation = () => useInvalidatingMutation(channelsKey, runKeyAction);
