/**
 * The proxies a `trusted_header` provider believes (`trusted_proxy_cidrs`, a JSON array of
 * addresses and CIDR ranges) and the identity they pass in request headers. Only the TCP peer's
 * address counts: a forwarded-for header is written by whoever sends the request.
 */
import ipaddr from 'ipaddr.js';
import type { CustomOAuthProviderRow } from '../../db/schema.js';
import { failure } from '../../errors/app-error.js';

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * The ranges of a stored list; undefined when the text is not a JSON array of addresses and
 * ranges, or holds a `/0` range (that would trust every address, which is no proxy list).
 */
export function parseTrustedProxies(text: string | null): Range[] | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text ?? '');
  } catch {
    return undefined;
  }
  if (!Array.isArray(json)) return undefined;
  const ranges: Range[] = [];
  for (const entry of json) {
    if (typeof entry !== 'string') return undefined;
    const range = parseRange(entry.trim());
    if (!range || range[1] === 0) return undefined;
    ranges.push(range);
  }
  return ranges;
}

function parseRange(entry: string): Range | undefined {
  try {
    if (entry.includes('/')) {
      const [address, prefix] = ipaddr.parseCIDR(entry);
      const inner = plain(address);
      // `::ffff:10.0.0.0/104` is 10.0.0.0/8.
      if (inner !== address && prefix >= 96) return [inner, prefix - 96];
      return [address, prefix];
    }
    const address = plain(ipaddr.parse(entry));
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  } catch {
    return undefined;
  }
}

/** An IPv4-mapped IPv6 address as the IPv4 address it carries. */
function plain(address: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | ipaddr.IPv6 {
  return address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()
    ? (address as ipaddr.IPv6).toIPv4Address()
    : address;
}

/** Whether the peer address (`::ffff:` form included) is inside one of the stored ranges. */
export function peerIsTrusted(text: string | null, peer: string | undefined): boolean {
  const ranges = parseTrustedProxies(text);
  if (!ranges || ranges.length === 0 || !peer || !ipaddr.isValid(peer)) return false;
  const address = ipaddr.process(peer);
  return ranges.some(
    ([network, prefix]) =>
      network.kind() === address.kind() &&
      (address as ipaddr.IPv4).match(network as ipaddr.IPv4, prefix),
  );
}

/**
 * The value of one request header from the raw header list: undefined when absent or empty, null
 * when it was sent twice (a proxy that appends instead of replacing must not let a client add a
 * second identity).
 */
export function singleHeader(
  rawHeaders: readonly string[],
  name: string,
): string | undefined | null {
  const wanted = name.trim().toLowerCase();
  let found: string | undefined;
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    if (rawHeaders[index]!.toLowerCase() !== wanted) continue;
    if (found !== undefined) return null;
    found = rawHeaders[index + 1]!.trim();
  }
  return found === '' ? undefined : found;
}

/**
 * The claim each identity header is read into: access policies and the field mapping of a
 * trusted_header provider see `sub`, `preferred_username`, `name`, `email`, `group` and `role`.
 */
const HEADER_CLAIMS = [
  ['external_id_header', 'sub'],
  ['username_header', 'preferred_username'],
  ['display_name_header', 'name'],
  ['email_header', 'email'],
  ['group_header', 'group'],
  ['role_header', 'role'],
] as const;

export const MISSING_EXTERNAL_ID = '请求缺少外部身份标识头';
export const REPEATED_HEADER = '身份请求头重复出现：';

/** The identity the proxy passed; refuses a missing identity header and any repeated one. */
export function trustedHeaderClaims(
  provider: CustomOAuthProviderRow,
  rawHeaders: readonly string[],
): Record<string, string> {
  const claims: Record<string, string> = {};
  for (const [column, claim] of HEADER_CLAIMS) {
    const name = provider[column];
    if (!name) continue;
    const value = singleHeader(rawHeaders, name);
    if (value === null) throw failure(`${REPEATED_HEADER}${name}`);
    if (value !== undefined) claims[claim] = value;
  }
  if (!claims.sub) throw failure(MISSING_EXTERNAL_ID);
  return claims;
}

/** The provider as the field mapping reads a header identity (see HEADER_CLAIMS). */
export function headerFieldPaths(provider: CustomOAuthProviderRow): CustomOAuthProviderRow {
  return {
    ...provider,
    user_id_field: 'sub',
    username_field: 'preferred_username',
    display_name_field: 'name',
    email_field: 'email',
    group_field: provider.group_header ? 'group' : '',
    role_field: provider.role_header ? 'role' : '',
  };
}
