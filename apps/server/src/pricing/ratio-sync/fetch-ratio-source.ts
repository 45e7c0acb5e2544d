import type { OutboundGuard } from '../../lib/outbound-guard/outbound-guard.js';
import { readOutboundBody } from '../../lib/outbound-guard/outbound-body.js';
import { findOutboundRefusal } from '../../lib/outbound-guard/outbound-refused-error.js';
import type { RatioData } from './ratio-fields.js';
import { sourceRequest, type RatioSource } from './ratio-sources.js';
import {
  ratioDataFromInstanceAnswer,
  ratioDataFromModelsDev,
  ratioDataFromOpenRouter,
} from './upstream-conversions.js';

/** An answer larger than this is refused (models.dev's whole catalogue is a few MB). */
export const MAX_RATIO_ANSWER_BYTES = 10 * 1024 * 1024;
/** Redirects followed, each checked by the outbound guard like the first address. */
const MAX_REDIRECTS = 10;
/** Tries per source: a network failure, a timeout or a 5xx/429 answer is tried again. */
const TRIES = 3;

/** One source's figures, or why it could not be read. */
export type SourceResult =
  | { readonly ok: true; readonly data: RatioData; readonly converted: boolean }
  | { readonly ok: false; readonly error: string };

/** A failure that another try will not cure (a refused address, a 404, an unreadable body). */
class FinalFailure extends Error {}

/**
 * Reads one source through the outbound guard (http(s) only, no internal address unless the
 * operator allowed it, redirects checked too), at most `TRIES` times, and converts its answer.
 * Never rejects: the failure is the result.
 */
export async function fetchRatioSource(
  guard: OutboundGuard,
  source: RatioSource,
  timeoutMs: number,
): Promise<SourceResult> {
  let lastError = '';
  for (let attempt = 1; attempt <= TRIES; attempt += 1) {
    try {
      return await readOnce(guard, source, timeoutMs);
    } catch (error) {
      const refusal = findOutboundRefusal(error);
      const failure: unknown = refusal ?? error;
      lastError = failure instanceof Error ? failure.message : String(failure);
      if (error instanceof FinalFailure || refusal !== undefined) break;
    }
  }
  return { ok: false, error: lastError };
}

async function readOnce(
  guard: OutboundGuard,
  source: RatioSource,
  timeoutMs: number,
): Promise<SourceResult> {
  const { url, format } = sourceRequest(source);
  const headers: Record<string, string> = { accept: 'application/json' };
  // The channel's key goes to OpenRouter only: another instance's ratios need none.
  if (format === 'openrouter' && source.key) headers.authorization = `Bearer ${source.key}`;
  const answer = await guard.request(url, {
    headers,
    timeoutMs,
    maxRedirects: MAX_REDIRECTS,
    allowOrigins: source.allowOrigins,
  });
  if (answer.status !== 200) {
    await answer.body.dump();
    const message = `${url} answered HTTP ${answer.status}`;
    if (answer.status >= 500 || answer.status === 429) throw new Error(message);
    throw new FinalFailure(message);
  }
  const bytes = await readOutboundBody(answer.body, MAX_RATIO_ANSWER_BYTES).catch((error) => {
    throw new FinalFailure(error instanceof Error ? error.message : String(error));
  });
  let body: unknown;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new FinalFailure(`${url} did not answer JSON`);
  }
  try {
    if (format === 'openrouter') {
      return { ok: true, data: ratioDataFromOpenRouter(body), converted: true };
    }
    if (format === 'models.dev') {
      return { ok: true, data: ratioDataFromModelsDev(body), converted: true };
    }
    return { ok: true, data: ratioDataFromInstanceAnswer(body), converted: false };
  } catch (error) {
    throw new FinalFailure(error instanceof Error ? error.message : String(error));
  }
}

/** Runs `work` over `items` with at most `limit` at a time, results in the items' order. */
export async function mapWithLimit<Item, Result>(
  items: readonly Item[],
  limit: number,
  work: (item: Item) => Promise<Result>,
): Promise<Result[]> {
  const results = new Array<Result>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return results;
}
