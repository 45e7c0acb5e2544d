import type { IncomingHttpHeaders } from 'node:http';

/**
 * Upstream headers a client reads: request ids, timing, API version, rate-limit state and back-off
 * advice. An allow list, so that nothing that frames the answer
 * (`content-length`, `transfer-encoding`, `connection`, `content-type`) or carries a credential
 * or session (`set-cookie`, `authorization`) can reach the client.
 */
const EXACT = new Set(['x-request-id', 'request-id', 'retry-after', 'retry-after-ms']);
/**
 * OpenAI's `openai-version`, `openai-processing-ms`…; Anthropic's `anthropic-ratelimit-*`…;
 * OpenAI-style rate limits.
 */
const PREFIXES = ['openai-', 'anthropic-', 'x-ratelimit-'];
/**
 * Which upstream account answered: the operator's organisation and project, none of a caller's
 * business (a reseller's customers would learn whose account serves them).
 */
const ACCOUNT = new Set(['openai-organization', 'openai-project', 'anthropic-organization-id']);

/**
 * The upstream response headers passed on to the client (SDKs read them for request ids, logging
 * and back-off), on success and on the error answered after the last attempt, whether the answer
 * passed through or was converted. Tollgate's own request id stays in `X-Oneapi-Request-Id`.
 * Undefined when there are none, so the common answer allocates nothing.
 */
export function clientVisibleHeaders(
  headers: IncomingHttpHeaders,
): Record<string, string> | undefined {
  let picked: Record<string, string> | undefined;
  for (const name in headers) {
    if (!EXACT.has(name) && !(hasClientPrefix(name) && !ACCOUNT.has(name))) continue;
    const value = headers[name];
    if (value === undefined) continue;
    (picked ??= {})[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return picked;
}

function hasClientPrefix(name: string): boolean {
  for (const prefix of PREFIXES) if (name.startsWith(prefix)) return true;
  return false;
}
