import type { Token } from '@tollgate/contracts';

/**
 * Token lists answer keys masked (new-api 1.0): the full key leaves the server only through the
 * reveal routes (token-key-service.ts), which are rate limited and never cached.
 *
 * new-api's rule, by length: up to 4 characters all `*`; up to 8 the first and last two around
 * `****`; longer the first and last four around ten `*` (a 48-character key shows 18).
 */
export function maskTokenKey(key: string): string {
  if (key.length <= 4) return '*'.repeat(key.length);
  if (key.length <= 8) return `${key.slice(0, 2)}****${key.slice(-2)}`;
  return `${key.slice(0, 4)}${'*'.repeat(10)}${key.slice(-4)}`;
}

/**
 * The tokens as a list shows them: keys masked, unless the operator turned `TokenKeysInLists` on
 * for consoles that still copy keys from the list (new-api's April-2025 console).
 */
export function withShownKeys<T extends Pick<Token, 'key'>>(
  tokens: T[],
  fullKeysInLists: boolean,
): T[] {
  if (fullKeysInLists) return tokens;
  return tokens.map((token) => ({ ...token, key: maskTokenKey(token.key) }));
}
