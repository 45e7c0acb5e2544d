/** How the outbound guard turns a redirect into the next request (the fetch standard's rules). */

/** A request body the guard can send again after a 307/308. */
export type OutboundBody = string | Buffer | Uint8Array | null | undefined;

/** One request of a chain of redirects. */
export interface OutboundHop {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: OutboundBody;
}

const REDIRECT_STATUSES: ReadonlySet<number> = new Set([301, 302, 303, 307, 308]);

/** Headers that carry credentials: never sent on to another origin. */
const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set([
  'authorization',
  'cookie',
  'proxy-authorization',
]);
/** Headers that describe the body: dropped with it. */
const BODY_HEADERS: ReadonlySet<string> = new Set([
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
]);

/**
 * The request a redirect answer leads to, or undefined when `status` is not a redirect or has no
 * usable `Location` (the answer is then the caller's). 303, and 301/302 after a POST, continue as
 * a GET without body; credentials are not sent to another origin.
 */
export function nextHop(
  hop: OutboundHop,
  status: number,
  location: string | string[] | undefined,
): OutboundHop | undefined {
  if (!REDIRECT_STATUSES.has(status)) return undefined;
  const target = Array.isArray(location) ? location[0] : location;
  if (!target) return undefined;
  let url: URL;
  try {
    url = new URL(target, hop.url);
  } catch {
    return undefined;
  }
  const becomesGet =
    (status === 303 && hop.method !== 'GET' && hop.method !== 'HEAD') ||
    ((status === 301 || status === 302) && hop.method === 'POST');
  const crossOrigin = url.origin !== hop.url.origin;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(hop.headers)) {
    const lower = name.toLowerCase();
    if (crossOrigin && CREDENTIAL_HEADERS.has(lower)) continue;
    if (becomesGet && BODY_HEADERS.has(lower)) continue;
    if (lower === 'host') continue;
    headers[name] = value;
  }
  return {
    url,
    method: becomesGet ? 'GET' : hop.method,
    headers,
    body: becomesGet ? undefined : hop.body,
  };
}
