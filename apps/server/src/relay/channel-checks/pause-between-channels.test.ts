import { describe, expect, it } from 'vitest';
import { pauseBetweenChannels } from './pause-between-channels.js';

describe('pauseBetweenChannels (POLLING_INTERVAL)', () => {
  it('does not wait at 0', async () => {
    const started = performance.now();
    await pauseBetweenChannels(0);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('waits the interval, and ends at once without an error when the run is cancelled', async () => {
    let started = performance.now();
    await pauseBetweenChannels(1);
    expect(performance.now() - started).toBeGreaterThanOrEqual(990);

    const abort = new AbortController();
    started = performance.now();
    setTimeout(() => abort.abort(), 20);
    await pauseBetweenChannels(60, abort.signal);
    expect(performance.now() - started).toBeLessThan(1000);
    // Already cancelled: no wait at all.
    await expect(pauseBetweenChannels(60, abort.signal)).resolves.toBeUndefined();
  });
});
