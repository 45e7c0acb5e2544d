/**
 * Base URL rules of the channel form (spec part 2 §5 "Channel form"): a trailing slash is
 * stripped, and an address ending in `/v1` asks for confirmation because the server appends the
 * API path (`/v1/...`) itself.
 */

/** Trims the address and removes trailing slashes. */
export function stripTrailingSlash(url: string): string {
  return url.trim().replace(/\/+$/, '');
}

/** True when the (cleaned) address ends in `/v1`, which is almost always a mistake. */
export function endsWithV1(url: string): boolean {
  return /\/v1$/i.test(stripTrailingSlash(url));
}

/** True when a non-empty address is not an http(s) URL (the server refuses those). */
export function isInvalidBaseUrl(url: string): boolean {
  const cleaned = stripTrailingSlash(url);
  if (cleaned === '') return false;
  try {
    const protocol = new URL(cleaned).protocol;
    return protocol !== 'http:' && protocol !== 'https:';
  } catch {
    return true;
  }
}
