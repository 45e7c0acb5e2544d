import { describe, expect, it } from 'vitest';
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
    await sleep(120);
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
    await sleep(60);
    await job.stop();
    expect(runs).toBeGreaterThanOrEqual(2);
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
    await sleep(20);
    await job.stop();
    expect(seen?.aborted).toBe(true);
  });
});
