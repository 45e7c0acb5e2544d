import {
  tokenSchema,
  type LimitUsage,
  type Token as TokenRow,
  type UpdateTokenStatusRequest,
  type UsageLimits,
} from '@tollgate/contracts';
import { http } from '../../lib/http-client';
import { isRecord } from '../../lib/local-store';
import { readLimitUsages, readUsageLimits } from '../../lib/usage-limits';
import { parseUserGroups, type GroupOption } from './rules/group-options';
import type { TokenFields } from './rules/token-form-values';

/**
 * A token row with its limits and their usage, read leniently: servers without limits (new-api, an
 * older Tollgate) send neither, and a row is never dropped for them.
 */
export interface Token extends Omit<TokenRow, 'limits' | 'limit_usage'> {
  limits?: UsageLimits;
  limit_usage: LimitUsage[];
}

function toToken(row: unknown): Token | undefined {
  const parsed = tokenSchema.safeParse(row);
  if (!parsed.success) return undefined;
  const record = isRecord(row) ? row : {};
  return {
    ...parsed.data,
    limits: readUsageLimits(record.limits),
    limit_usage: readLimitUsages(record.limit_usage),
  };
}

/** Keeps the rows that have a token's shape (an unexpected row is dropped, not shown broken). */
function toTokens(data: unknown): Token[] {
  if (!Array.isArray(data)) return [];
  return data.flatMap((row) => {
    const token = toToken(row);
    return token ? [token] : [];
  });
}

/** `GET /api/token/?p=&size=`: one page (`page` 0-based) as a bare array, no total. */
export async function fetchTokenPage(page: number, size: number): Promise<Token[]> {
  return toTokens(await http.get<unknown>('/api/token/', { query: { p: page, size } }));
}

/** `GET /api/token/search?keyword=&token=`: every match (name keyword, key fragment). */
export async function searchTokens(keyword: string, token: string): Promise<Token[]> {
  return toTokens(await http.get<unknown>('/api/token/search', { query: { keyword, token } }));
}

/** `GET /api/token/{id}`. */
export async function fetchToken(id: number): Promise<Token> {
  const token = toToken(await http.get<unknown>(`/api/token/${id}`));
  if (!token) throw new Error('Unexpected token data');
  return token;
}

/** `POST /api/token/` with `count`: the server names the second and later tokens with a suffix. */
export function createTokens(fields: TokenFields, count: number): Promise<unknown> {
  return http.post<unknown>('/api/token/', { ...fields, count });
}

/** `PUT /api/token/`: full edit. */
export function updateToken(id: number, fields: TokenFields): Promise<unknown> {
  return http.put<unknown>('/api/token/', { ...fields, id });
}

/** `PUT /api/token/?status_only=true {id, status}`: enable (1) or disable (2). */
export function updateTokenStatus(request: UpdateTokenStatusRequest): Promise<unknown> {
  return http.put<unknown>('/api/token/', request, { query: { status_only: true } });
}

/** `DELETE /api/token/{id}/`. */
export function deleteToken(id: number): Promise<unknown> {
  return http.delete<unknown>(`/api/token/${id}/`);
}

/** `GET /api/user/models`: the models the user may limit a token to. */
export async function fetchUserModels(): Promise<string[]> {
  const data = await http.get<unknown>('/api/user/models');
  return Array.isArray(data)
    ? data.filter((model): model is string => typeof model === 'string')
    : [];
}

/** `GET /api/user/self/groups`: `{group: {desc, ratio}}` of the groups the user may use. */
export async function fetchUserGroups(): Promise<GroupOption[]> {
  return parseUserGroups(await http.get<unknown>('/api/user/self/groups'));
}
