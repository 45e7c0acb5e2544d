import type { OutboundGuard } from '../../lib/outbound-guard/outbound-guard.js';
import { fetchRatioSource, mapWithLimit } from './fetch-ratio-source.js';
import {
  ratioDifferences,
  type RatioDifferences,
  type UpstreamRatios,
} from './ratio-differences.js';
import type { RatioData } from './ratio-fields.js';
import type { RatioSource } from './ratio-sources.js';

/** Sources read at once. */
const CONCURRENT_SOURCES = 8;

/** How one source went (`test_results` of the answer). */
export interface SourceTestResult {
  name: string;
  status: 'success' | 'error';
  error?: string;
}

/** `data` of `POST /api/ratio_sync/fetch`. */
export interface RatioSyncAnswer {
  differences: RatioDifferences;
  test_results: SourceTestResult[];
}

/**
 * Reads every source (at most eight at a time) and compares what the readable ones say with
 * `local`. Two sources of one name are told apart by a number (`name (2)`), since the answer is
 * keyed by name.
 */
export async function runRatioSync(
  guard: OutboundGuard,
  local: RatioData,
  sources: readonly RatioSource[],
  timeoutMs: number,
): Promise<RatioSyncAnswer> {
  const named = distinctNames(sources);
  const results = await mapWithLimit(named, CONCURRENT_SOURCES, (source) =>
    fetchRatioSource(guard, source, timeoutMs),
  );
  const upstreams: UpstreamRatios[] = [];
  const testResults: SourceTestResult[] = [];
  results.forEach((result, index) => {
    const name = named[index]!.name;
    if (result.ok) {
      upstreams.push({ name, data: result.data, converted: result.converted });
      testResults.push({ name, status: 'success' });
    } else {
      testResults.push({ name, status: 'error', error: result.error });
    }
  });
  return { differences: ratioDifferences(local, upstreams), test_results: testResults };
}

function distinctNames(sources: readonly RatioSource[]): RatioSource[] {
  const seen = new Map<string, number>();
  return sources.map((source) => {
    const base = source.name.trim() || source.baseUrl;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return count === 1 ? { ...source, name: base } : { ...source, name: `${base} (${count})` };
  });
}
