import type { IncomingHttpHeaders } from 'node:http';

/** Upstream headers a client reads: request ids, timing, rate-limit state and back-off advice. */
const EXACT = new Set(['x-request-id', 'request-id', 'openai-processing-ms', 'retry-after']);
const PREFIXES = ['x-ratelimit-', 'anthropic-ratelimit-'];

/**
 * The upstream response headers passed on to the client (SDKs read them for request ids, logging
 * and back-off). Tollgate's own request id stays in `X-Oneapi-Request-Id`. Undefined when there
 * are none, so the common answer allocates nothing.
 */
export function clientVisibleHeaders(
  headers: IncomingHttpHeaders,
): Record<string, string> | undefined {
  let picked: Record<string, string> | undefined;
  for (const name in headers) {
    if (!EXACT.has(name) && !PREFIXES.some((prefix) => name.startsWith(prefix))) continue;
    const value = headers[name];
    if (value === undefined) continue;
    (picked ??= {})[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return picked;
}
