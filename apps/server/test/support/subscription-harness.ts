/**
 * What the subscription tests share: an app with root, users and options, and plans made through
 * the admin route.
 */
import { expect } from 'vitest';
import type { Session, TestApp } from './test-app.js';

export interface SubscriptionHarness {
  setOption(key: string, value: string): Promise<void>;
  /** Creates a user and signs them in. */
  user(username: string): Promise<Session>;
  /** Creates a plan (defaults: one month, 1000 quota, no reset, $9.99); answers its id. */
  plan(fields?: Record<string, unknown>): Promise<number>;
  /** The user's row (group, setting). */
  userRow(userId: number): Promise<{ group: string; setting: string | null }>;
  /** The user's subscriptions, oldest first. */
  subscriptionsOf(userId: number): Promise<Array<Record<string, unknown>>>;
}

export function subscriptionHarness(
  harness: () => TestApp,
  root: () => Session,
): SubscriptionHarness {
  const db = () => harness().runtime.context.database.db;
  return {
    async setOption(key, value) {
      const saved = (await harness().call(root(), 'PUT', '/api/option/', { key, value })).json();
      expect(saved.success, `${key}: ${saved.message}`).toBe(true);
    },
    async user(username) {
      const created = await harness().call(root(), 'POST', '/api/user/', {
        username,
        password: 'password123',
        display_name: username,
      });
      expect(created.json().success, created.body).toBe(true);
      return harness().login(username, 'password123');
    },
    async plan(fields = {}) {
      const plan = {
        title: 'Pro',
        price_amount: 9.99,
        duration_unit: 'month',
        duration_value: 1,
        total_amount: 1000,
        ...fields,
      };
      const answer = (
        await harness().call(root(), 'POST', '/api/subscription/admin/plans', { plan })
      ).json();
      expect(answer.success, answer.message).toBe(true);
      return answer.data.id as number;
    },
    async userRow(userId) {
      const row = await db()
        .selectFrom('users')
        .select(['group', 'setting'])
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      return { group: row.group, setting: row.setting };
    },
    async subscriptionsOf(userId) {
      return db()
        .selectFrom('user_subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute() as Promise<Array<Record<string, unknown>>>;
    },
  };
}
