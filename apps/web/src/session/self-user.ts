import { useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../lib/http-client';
import type { UsageLimits } from '@tollgate/contracts';
import { isRecord } from '../lib/local-store';
import { readUsageLimits } from '../lib/usage-limits';

/** The fields of `GET /api/user/self` the console shows (personal page, wallet). */
export interface SelfUser {
  id: number;
  username: string;
  display_name: string;
  role: number;
  group: string;
  quota: number;
  used_quota: number;
  request_count: number;
  email: string;
  /** Bound third-party identities ('' when none): GitHub login, OIDC subject, ids. */
  github_id: string;
  oidc_id: string;
  wechat_id: string;
  telegram_id: string;
  linux_do_id: string;
  discord_id: string;
  /** How many users registered through the invite link. */
  aff_count: number;
  /** Invite reward not yet moved to the balance. */
  aff_quota: number;
  /** Invite reward earned in total. */
  aff_history_quota: number;
  /** The user setting as JSON text (read with `parseUserSetting`). */
  setting: string;
  /**
   * Whether a webhook secret is stored: the server leaves the secret out of `setting` and says
   * this instead (false from servers that do not say it).
   */
  webhook_secret_set: boolean;
  /**
   * The limits and budgets that apply to the user (read-only; the token form shows them as what a
   * token may narrow). Absent on servers without limits.
   */
  limits?: UsageLimits;
}

const number = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : 0;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** `GET /api/user/self`: the full own user row. */
export async function fetchSelf(): Promise<SelfUser> {
  const data = await http.get<unknown>('/api/user/self');
  if (!isRecord(data)) throw new Error('Unexpected user data');
  return {
    id: number(data.id),
    username: text(data.username),
    display_name: text(data.display_name),
    role: number(data.role),
    group: text(data.group),
    quota: number(data.quota),
    used_quota: number(data.used_quota),
    request_count: number(data.request_count),
    email: text(data.email),
    github_id: text(data.github_id),
    oidc_id: text(data.oidc_id),
    wechat_id: text(data.wechat_id),
    telegram_id: text(data.telegram_id),
    linux_do_id: text(data.linux_do_id),
    discord_id: text(data.discord_id),
    aff_count: number(data.aff_count),
    aff_quota: number(data.aff_quota),
    aff_history_quota: number(data.aff_history_quota),
    setting: text(data.setting),
    webhook_secret_set: data.webhook_secret_set === true,
    // `effective_limits`: the user's own limits, else their group's defaults (what a token narrows).
    limits: readUsageLimits(data.effective_limits ?? data.limits),
  };
}

/** The own user row, shared by every page that shows it. */
export function useSelfQuery() {
  return useQuery({ queryKey: ['self'], queryFn: fetchSelf });
}

/** Re-reads the own user row (after a binding, a transfer, a settings save). */
export function useRefreshSelf() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['self'], exact: true });
}
