import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Session, type TestApp } from '../support/test-app.js';
import { testDatabaseKinds } from '../support/test-databases.js';

/**
 * Quota held for calls in flight is part of the balance the console shows, and an admin setting
 * a balance sets the whole of it: once the calls settle, the user has exactly what was set less
 * what they cost.
 */
describe.each(testDatabaseKinds())('balances with calls in flight on %s', (kind) => {
  let harness: TestApp;
  let root: Session;
  let member: Session;
  beforeAll(async () => {
    harness = await createTestApp(kind);
    root = await harness.setupRoot();
    await harness.call(root, 'POST', '/api/user/', { username: 'member', password: 'password123' });
    member = await harness.login('member', 'password123');
  });
  afterAll(async () => {
    await harness?.close();
  });

  const db = () => harness.runtime.context.database.db;

  it('shows held quota in the balance, and an admin sets the whole balance', async () => {
    await db().updateTable('users').set({ quota: 7_000 }).where('id', '=', member.userId).execute();
    // A serving process holds 3,000 of the user's 10,000 for calls in flight.
    await db()
      .insertInto('quota_holds')
      .values({
        holder: 'other-process',
        user_id: member.userId,
        token_id: 0,
        amount: 3_000,
        expires_at: Math.floor(Date.now() / 1000) + 60,
      })
      .execute();
    const self = (await harness.call(member, 'GET', '/api/user/self')).json().data;
    expect(self.quota).toBe(10_000);
    const listed = (await harness.call(root, 'GET', '/api/user/?p=1&page_size=10')).json().data;
    expect(listed.items.find((user: { id: number }) => user.id === member.userId).quota).toBe(
      10_000,
    );

    const set = await harness.call(root, 'PUT', '/api/user/', { id: member.userId, quota: 50_000 });
    expect(set.json().success).toBe(true);
    expect((await harness.call(member, 'GET', '/api/user/self')).json().data.quota).toBe(50_000);
    // The calls in flight cost 1,000 of the 3,000; the rest goes back.
    await db().deleteFrom('quota_holds').execute();
    await db()
      .updateTable('users')
      .set((eb) => ({ quota: eb('quota', '+', 2_000) }))
      .where('id', '=', member.userId)
      .execute();
    expect((await harness.call(member, 'GET', '/api/user/self')).json().data.quota).toBe(49_000);
  });
});
