import type { Kysely } from 'kysely';
import type { Database, TokenRow, UserRow } from '../../db/schema.js';
import type { ObservedBalances } from '../../billing/quota-ledger.js';
import type { AppEvents } from '../../lib/app-events.js';
import { parseStoredLimits, type SetLimits } from '../../limits/applied-limits.js';

/** A token and its owner as the relay needs them, read once and kept in memory. */
export interface RelayCaller {
  token: TokenRow;
  user: CachedUser;
  /** Parsed `model_limits` (empty when limits are off). */
  modelLimits: ReadonlySet<string>;
  /** Parsed `allow_ips` (empty = any IP). */
  allowIps: ReadonlySet<string>;
  /** The token's own limits and budgets, parsed once; undefined = none. */
  tokenLimits?: SetLimits;
}

export interface CachedUser {
  id: number;
  username: string;
  role: number;
  status: number;
  group: string;
  quota: number;
  email: string;
  /** Parsed user setting JSON (notify settings, accept_unset_model_ratio_model). */
  setting: UserSetting;
  /** The user's own limits and budgets, parsed once; undefined = none (group defaults apply). */
  limits?: SetLimits;
}

export interface UserSetting {
  accept_unset_model_ratio_model?: boolean;
  [key: string]: unknown;
}

interface Entry {
  caller: RelayCaller;
  expiresAt: number;
}

function parseUserSetting(text: string | null): UserSetting {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? (parsed as UserSetting)
      : {};
  } catch {
    return {};
  }
}

function splitList(text: string | null | undefined, separator: RegExp): Set<string> {
  const values = new Set<string>();
  for (const part of (text ?? '').split(separator)) {
    const value = part.trim();
    if (value) values.add(value);
  }
  return values;
}

function toCachedUser(row: UserRow): CachedUser {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    status: row.status,
    group: row.group || 'default',
    quota: Number(row.quota),
    email: row.email ?? '',
    setting: parseUserSetting(row.setting),
    limits: parseStoredLimits(row.limits),
  };
}

/**
 * Token → (token, user) lookups for the relay hot path, served from memory.
 *
 * Entries live `ttlSeconds` (SYNC_FREQUENCY) and are dropped at once when this node changes the
 * token or user (AppEvents), and on other nodes through the invalidation bus. Balances held here
 * are the database's as last seen: every ledger write reads back the balances it touched
 * (including other processes' charges) and `observeBalances` puts them here; what this process
 * has charged but not written yet is the ledger's to add. A user's entry is shared by all of
 * its tokens, so one update reaches them all.
 */
export class RelayCallerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly usersById = new Map<number, CachedUser>();
  private readonly tokensById = new Map<number, TokenRow>();
  /** Pending lookups, so a burst of calls with one key makes one database read. */
  private readonly loading = new Map<string, Promise<RelayCaller | undefined>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlSeconds: number,
    events: AppEvents,
  ) {
    events.on('token-changed', ({ tokenId, tokenKey }) => this.dropToken(tokenId, tokenKey));
    events.on('user-changed', ({ userId }) => this.dropUser(userId));
  }

  /** Callers (API keys) held (the performance page's size report). */
  get entryCount(): number {
    return this.entries.size;
  }

  /** The caller for a token key, or undefined when no live token has that key. */
  async get(key: string): Promise<RelayCaller | undefined> {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > Date.now()) return entry.caller;
    let pending = this.loading.get(key);
    if (!pending) {
      pending = this.load(key).finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  private async load(key: string): Promise<RelayCaller | undefined> {
    const token = await this.db
      .selectFrom('tokens')
      .selectAll()
      .where('key', '=', key)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!token) return undefined;
    const user = await this.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', token.user_id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!user) return undefined;
    const fresh = toCachedUser(user);
    const shared = this.usersById.get(fresh.id);
    if (shared) Object.assign(shared, fresh);
    else this.usersById.set(fresh.id, fresh);
    this.tokensById.set(token.id, token);
    const caller: RelayCaller = {
      token,
      user: shared ?? fresh,
      modelLimits: token.model_limits_enabled ? splitList(token.model_limits, /,/) : new Set(),
      allowIps: splitList(token.allow_ips, /[\n\r,\s]+/),
      tokenLimits: parseStoredLimits(token.limits),
    };
    this.entries.set(key, { caller, expiresAt: Date.now() + this.ttlSeconds * 1000 });
    return caller;
  }

  /** Takes the balances a ledger write read back from the database. */
  observeBalances(balances: ObservedBalances): void {
    for (const [userId, quota] of balances.users) {
      const user = this.usersById.get(userId);
      if (user) user.quota = quota;
    }
    for (const [tokenId, remain] of balances.tokens) {
      const token = this.tokensById.get(tokenId);
      if (token) token.remain_quota = remain;
    }
  }

  dropToken(tokenId: number, tokenKey?: string): void {
    this.tokensById.delete(tokenId);
    if (tokenKey) this.entries.delete(tokenKey);
    for (const [key, { caller }] of this.entries) {
      if (caller.token.id === tokenId) this.entries.delete(key);
    }
  }

  dropUser(userId: number): void {
    this.usersById.delete(userId);
    for (const [key, { caller }] of this.entries) {
      if (caller.user.id === userId) this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
    this.usersById.clear();
    this.tokensById.clear();
  }
}
