import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The wait of "test all channels" and "update all balances" between one channel and the next
 * (`POLLING_INTERVAL` seconds, reference §5.2 and §5.5), so a run does not call every upstream at
 * once. Resolves early, without throwing, when the run is cancelled.
 */
export async function pauseBetweenChannels(seconds: number, signal?: AbortSignal): Promise<void> {
  if (seconds <= 0 || signal?.aborted) return;
  try {
    await sleep(seconds * 1000, undefined, { signal });
  } catch (error) {
    if (!signal?.aborted) throw error;
  }
}
