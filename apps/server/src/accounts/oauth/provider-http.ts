/** The HTTP calls Tollgate makes to a sign-in provider, and how their failures are reported. */
import { failure, type AppError } from '../../errors/app-error.js';

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

/**
 * Calls a provider with a timeout and reads the JSON answer. A network failure or timeout throws
 * `unreachable` (the provider's "cannot connect" message), after logging the cause.
 */
export async function callProvider(
  url: string,
  init: RequestInit,
  unreachable: string,
  log?: ProviderErrorLog,
): Promise<ProviderAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      ...init,
      redirect: 'manual',
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    throw logged(log, error, unreachable);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, body };
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
