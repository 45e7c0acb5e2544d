import { createHash } from 'node:crypto';

/**
 * A cache of short-lived access tokens obtained from a channel's long-lived key (Vertex AI's
 * service-account JWT exchange, Baidu's OAuth client-credentials grant). Provider-neutral: each
 * adaptor gives the fetcher that turns its parsed credential into a token.
 */

/** A token is replaced this long before it expires, so no call goes out with a dying one. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;

/** An access token and when it expires (epoch ms). */
export interface AccessToken {
  token: string;
  expiresAt: number;
}

/**
 * Where the access tokens of one node's processes meet (Redis when configured), so each key is
 * exchanged once per node rather than once per process. Keys are hashes of channel keys, never
 * the keys. Failures of the store are ignored: the in-process cache still works.
 */
export interface SharedTokenStore {
  get(key: string): Promise<AccessToken | undefined>;
  set(key: string, token: AccessToken): Promise<void>;
  /** Forgets a token upstream refused (optional: a store without it keeps it until expiry). */
  delete?(key: string): Promise<void>;
}

/** The shared store of one provider's tokens ('vertex', 'baidu'), or undefined for none. */
export type SharedTokenStores = (provider: string) => SharedTokenStore | undefined;

/** Obtains a new access token for a parsed credential. */
export type TokenFetcher<Credential> = (credential: Credential) => Promise<AccessToken>;

/**
 * Access tokens per channel key, in memory (and in a node-wide store when one is given): a token
 * is reused until REFRESH_MARGIN_MS before it expires; the refresh is single-flight, so the calls
 * that arrive while it runs all wait for that one exchange.
 */
export class AccessTokenCache<Credential> {
  private readonly tokens = new Map<string, AccessToken>();
  private readonly refreshing = new Map<string, Promise<AccessToken>>();
  /** The last token upstream refused per key: never taken back from the shared store. */
  private readonly refused = new Map<string, string>();

  constructor(
    private readonly fetcher: TokenFetcher<Credential>,
    private readonly shared?: SharedTokenStore,
  ) {}

  /** A valid access token for `credential` (cached under `channelKey`). */
  async get(channelKey: string, credential: Credential): Promise<string> {
    const cacheKey = hashKey(channelKey);
    const cached = this.tokens.get(cacheKey);
    if (cached && fresh(cached)) return cached.token;
    let pending = this.refreshing.get(cacheKey);
    if (!pending) {
      pending = this.refresh(cacheKey, credential);
      this.refreshing.set(cacheKey, pending);
      // Cleared whether it succeeds or not, so a failure is retried by the next call.
      const clear = () => this.refreshing.delete(cacheKey);
      pending.then(clear, clear);
    }
    return (await pending).token;
  }

  /**
   * Drops `token` when upstream refused it (revoked or expired early), here and in the shared
   * store, so the next `get` obtains a new one. A token already replaced is left alone: calls
   * that failed with the old token together cause one refresh, not one each.
   */
  async invalidate(channelKey: string, token: string): Promise<void> {
    const cacheKey = hashKey(channelKey);
    // Synchronous part first: a retry right after this call already refreshes.
    this.refused.set(cacheKey, token);
    if (this.tokens.get(cacheKey)?.token === token) this.tokens.delete(cacheKey);
    const stored = await this.shared?.get(cacheKey).catch(() => undefined);
    if (stored?.token === token) await this.shared?.delete?.(cacheKey).catch(() => undefined);
  }

  private async refresh(cacheKey: string, credential: Credential): Promise<AccessToken> {
    const fromStore = await this.shared?.get(cacheKey).catch(() => undefined);
    if (fromStore && fresh(fromStore) && fromStore.token !== this.refused.get(cacheKey)) {
      this.tokens.set(cacheKey, fromStore);
      return fromStore;
    }
    const token = await this.fetcher(credential);
    this.tokens.set(cacheKey, token);
    await this.shared?.set(cacheKey, token).catch(() => undefined);
    return token;
  }
}

function hashKey(channelKey: string): string {
  return createHash('sha256').update(channelKey).digest('hex');
}

function fresh(token: AccessToken): boolean {
  return token.expiresAt - Date.now() > REFRESH_MARGIN_MS;
}
