import { describe, expect, it, vi } from 'vitest';
import { repeatAfter } from './periodic-job.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('repeatAfter', () => {
  it('waits the interval before each run, never overlaps runs, and stops cleanly', async () => {
    let runs = 0;
    let active = 0;
    let overlapped = false;
    const job = repeatAfter(
      10,
      async () => {
        runs += 1;
        active += 1;
        if (active > 1) overlapped = true;
        await sleep(15);
        active -= 1;
      },
      () => {},
    );
    expect(runs).toBe(0);
    // Waits for runs rather than a fixed window: a loaded machine delays timers, not the contract.
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(2), {
      timeout: 10_000,
      interval: 5,
    });
    await job.stop();
    const afterStop = runs;
    expect(afterStop).toBeGreaterThanOrEqual(2);
    expect(overlapped).toBe(false);
    expect(active).toBe(0);
    await sleep(40);
    expect(runs).toBe(afterStop);
  });

  it('reports a failing run and keeps the schedule', async () => {
    const errors: unknown[] = [];
    let runs = 0;
    const job = repeatAfter(
      5,
      async () => {
        runs += 1;
        throw new Error('boom');
      },
      (error) => errors.push(error),
    );
    await vi.waitFor(() => expect(errors.length).toBeGreaterThanOrEqual(2), {
      timeout: 10_000,
      interval: 5,
    });
    await job.stop();
    expect(errors).toHaveLength(runs);
  });

  it('passes a signal that stop() aborts', async () => {
    let seen: AbortSignal | undefined;
    const job = repeatAfter(
      1,
      async (signal) => {
        seen = signal;
        await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      },
      () => {},
    );
    await vi.waitFor(() => expect(seen).toBeDefined(), { timeout: 10_000, interval: 5 });
    await job.stop();
    expect(seen?.aborted).toBe(true);
  });
});
