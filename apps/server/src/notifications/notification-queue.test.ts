import { describe, expect, it } from 'vitest';
import { NotificationQueue } from './notification-queue.js';

describe('notification queue', () => {
  it('returns at once, runs tasks later, and reports failures instead of throwing', async () => {
    const errors: Array<[unknown, string]> = [];
    const queue = new NotificationQueue({ onError: (error, label) => errors.push([error, label]) });
    const ran: string[] = [];
    expect(queue.push('first', async () => void ran.push('first'))).toBe(true);
    expect(
      queue.push('broken', async () => {
        throw new Error('smtp down');
      }),
    ).toBe(true);
    expect(ran).toEqual([]); // nothing ran inside push
    await queue.idle();
    expect(ran).toEqual(['first']);
    expect(errors).toHaveLength(1);
    expect(errors[0][1]).toBe('broken');
    expect((errors[0][0] as Error).message).toBe('smtp down');
  });

  it('runs a few at a time and drops what exceeds its capacity', async () => {
    const errors: string[] = [];
    const queue = new NotificationQueue({
      concurrency: 2,
      capacity: 3,
      onError: (_error, label) => errors.push(label),
    });
    let running = 0;
    let most = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const task = async () => {
      running += 1;
      most = Math.max(most, running);
      await gate;
      running -= 1;
    };
    const accepted = [1, 2, 3, 4].map((index) => queue.push(`task ${index}`, task));
    expect(accepted).toEqual([true, true, true, false]);
    expect(errors).toEqual(['task 4']);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(most).toBe(2);
    release();
    await queue.idle();
    expect(most).toBe(2);
    expect(queue.size).toBe(0);
  });

  it('does not hold a shutdown longer than its grace period', async () => {
    const queue = new NotificationQueue({ onError: () => {} });
    queue.push('hangs', () => new Promise(() => {}));
    const started = Date.now();
    await queue.close(50);
    expect(Date.now() - started).toBeLessThan(1000);
    expect(queue.push('after close', async () => {})).toBe(false);
  });
});
