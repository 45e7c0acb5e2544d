/** The HTTP calls Tollgate makes to a sign-in provider, and how their failures are reported. */
import { failure, type AppError } from '../../errors/app-error.js';
import { readOutboundBody } from '../../lib/outbound-guard/outbound-body.js';
import type { OutboundGuard } from '../../lib/outbound-guard/outbound-guard.js';

/** new-api gives every provider call five seconds. */
export const PROVIDER_TIMEOUT_MS = 5_000;

/** Where a provider failure that the user sees only as a message is written for the operator. */
export type ProviderErrorLog = (error: unknown, message: string) => void;

/** An answer of a provider: its status and its body, parsed when it was JSON. */
export interface ProviderAnswer {
  status: number;
  /** The parsed JSON body; undefined when the body was not JSON. */
  body: unknown;
}

/** A provider's answer is a small JSON document. */
const PROVIDER_ANSWER_LIMIT = 1024 * 1024;

/** One provider request: redirects are never followed. */
export interface ProviderRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/**
 * Calls a provider with a timeout and reads the JSON answer. A network failure, a timeout or an
 * address the outbound guard refuses throws `unreachable` (the provider's "cannot connect"
 * message), after logging the cause. `outbound` guards an address an admin configured; the fixed
 * addresses of GitHub and LinuxDO are called directly.
 */
export async function callProvider(
  url: string,
  init: ProviderRequest,
  unreachable: string,
  log?: ProviderErrorLog,
  outbound?: OutboundGuard,
): Promise<ProviderAnswer> {
  let status: number;
  let text: string;
  try {
    if (outbound) {
      const answer = await outbound.request(url, {
        ...init,
        maxRedirects: 0,
        timeoutMs: PROVIDER_TIMEOUT_MS,
      });
      status = answer.status;
      text = (await readOutboundBody(answer.body, PROVIDER_ANSWER_LIMIT)).toString('utf8');
    } else {
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
      });
      status = response.status;
      text = await response.text();
    }
  } catch (error) {
    throw logged(log, error, unreachable);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status, body };
}

/** A field of a JSON object answer, or undefined. */
export function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/** A text field of a JSON object answer ('' when absent or not text). */
export function textField(body: unknown, name: string): string {
  const value = field(body, name);
  return typeof value === 'string' ? value : '';
}

/** Logs `error` (if a log is given) and returns the business failure the user sees. */
export function logged(
  log: ProviderErrorLog | undefined,
  error: unknown,
  message: string,
): AppError {
  log?.(error, message);
  return failure(message);
}
