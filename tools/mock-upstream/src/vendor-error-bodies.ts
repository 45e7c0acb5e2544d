import type { ErrorDetails } from './provider-errors.js';

/** Cloudflare's error code per HTTP status, as its API answers them. */
const CLOUDFLARE_CODES: Readonly<Record<number, number>> = {
  400: 5006,
  401: 10000,
  403: 10000,
  404: 7003,
  429: 3040,
  500: 3043,
  503: 3040,
};

/**
 * Cloudflare's API envelope for a failure: `{"result":null,"success":false,"errors":[{"code",
 * "message"}],"messages":[]}`; `details.code` overrides the code derived from the status.
 */
export function cloudflareErrorBody(
  status: number,
  message: string,
  details: ErrorDetails = {},
): string {
  const code = details.code ? Number(details.code) : (CLOUDFLARE_CODES[status] ?? 3043);
  return JSON.stringify({
    result: null,
    success: false,
    errors: [{ code, message }],
    messages: [],
  });
}

/** Jina AI's error body: `{"detail": …}` (FastAPI's shape). */
export function jinaErrorBody(message: string): string {
  return JSON.stringify({ detail: message });
}
