import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/support/test-databases.js';
import { startWebhookPeer, type WebhookPeer } from '../../test/support/notification-peers.js';
import { createMemoryRateLimiter, type RateLimiter } from '../lib/rate-limiter.js';
import { createOptionStore, type OptionStore } from '../options/option-store.js';
import { insertUser } from '../users/user-repository.js';
import { NotificationQueue } from './notification-queue.js';
import { createNotifyThrottle } from './notify-throttle.js';
import { QuotaWarning } from './quota-warning.js';
import { OutboundGuard } from '../lib/outbound-guard/outbound-guard.js';

/** A queue that counts the checks handed to it. */
class CountingQueue extends NotificationQueue {
  pushes = 0;
  override push(label: string, run: () => Promise<void>): boolean {
    this.pushes += 1;
    return super.push(label, run);
  }
}

/** The decisions of the quota warning, against a real database and webhook receiver. */
describe('quota warning decisions', () => {
  // The webhook receiver is on loopback: allowed explicitly, as an operator would.
  const outbound = new OutboundGuard({ allowedHosts: ['127.0.0.1'] });
  let database: TestDatabase;
  let options: OptionStore;
  let limiter: RateLimiter;
  let hooks: WebhookPeer;
  let userId: number;
  let queue: CountingQueue;
  let localHold: number;
  let warning: QuotaWarning;

  const THRESHOLD = 1000;
  const observe = async (stored: number) => {
    warning.observe({ users: new Map([[userId, stored]]), tokens: new Map() });
    await warning.idle();
  };
  const setStored = (quota: number) =>
    database.handle.db.updateTable('users').set({ quota }).where('id', '=', userId).execute();

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    options = createOptionStore(database.handle);
    await options.load();
    hooks = await startWebhookPeer();
    userId = await insertUser(database.handle, {
      username: 'watched',
      password: '',
      display_name: 'watched',
      role: 1,
      status: 1,
      quota: 0,
      group: 'default',
      aff_code: 'wtch',
      inviter_id: 0,
    });
    await database.handle.db
      .updateTable('users')
      .set({
        setting: JSON.stringify({
          notify_type: 'webhook',
          quota_warning_threshold: THRESHOLD,
          webhook_url: `${hooks.url}/hook`,
        }),
      })
      .where('id', '=', userId)
      .execute();
  });
  afterAll(async () => {
    limiter?.close();
    options?.stop();
    await hooks?.close();
    await outbound.close();
    await database?.drop();
  });
  beforeEach(() => {
    // A fresh allowance per test, so each test sees its own warnings.
    limiter?.close();
    limiter = createMemoryRateLimiter();
    localHold = 0;
    hooks.received.length = 0;
    queue = new CountingQueue({ onError: () => {} });
    warning = new QuotaWarning({
      db: database.handle.db,
      options,
      notifier: {
        options,
        throttle: createNotifyThrottle(limiter, { count: 2, windowMinutes: 10 }),
        allowHttpWebhook: true,
        outbound,
      },
      queue,
      heldLocally: () => localHold,
    });
  });

  it('reads the setting once, then decides from memory while the balance is above', async () => {
    await setStored(5000);
    await observe(5000);
    expect(queue.pushes).toBe(1); // the first sight of a user loads its setting
    await observe(4000);
    await observe(3000);
    expect(queue.pushes).toBe(1);
    expect(hooks.received).toHaveLength(0);
  });

  it('counts what this process holds as part of the balance', async () => {
    await setStored(5000);
    await observe(5000);
    // 900 stored, 4000 held for calls in flight: the balance is 4900, nothing to check.
    localHold = 4000;
    await observe(900);
    expect(queue.pushes).toBe(1);
    expect(hooks.received).toHaveLength(0);
  });

  it('warns after a charge below the threshold, not when holds only move quota', async () => {
    await setStored(5000);
    await observe(5000);
    await setStored(800);
    await observe(800); // charged: 4200 went
    expect(queue.pushes).toBe(2);
    expect(hooks.received).toHaveLength(1);
    expect(JSON.parse(hooks.received[0].body).values[1]).toBe('＄0.001600');
    // A hold taken (stored down, held up by as much) and given back: no charge, no check.
    localHold = 300;
    await observe(500);
    localHold = 0;
    await observe(800);
    expect(queue.pushes).toBe(2);
    // The next charge warns again.
    await setStored(700);
    await observe(700);
    expect(hooks.received).toHaveLength(2);
  });

  it('checks the whole balance when other processes hold quota, and sends nothing if it is above', async () => {
    await setStored(5000);
    await observe(5000);
    // Another process holds 3000 for this user: stored 500 looks low, the whole balance is not.
    await setStored(500);
    await database.handle.db
      .insertInto('quota_holds')
      .values({
        holder: 'other-process',
        user_id: userId,
        token_id: 1,
        amount: 3000,
        expires_at: 0,
      })
      .execute();
    await observe(500);
    expect(queue.pushes).toBe(2);
    expect(hooks.received).toHaveLength(0);
    await database.handle.db.deleteFrom('quota_holds').execute();
  });

  it('forgets a user when told it changed', async () => {
    await setStored(5000);
    await observe(5000);
    warning.forget(userId);
    await observe(5000);
    expect(queue.pushes).toBe(2);
  });
});
