/** The `checkins` table: one row per user and day. */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { MonthRange } from './checkin-dates.js';

/** One day checked in, as the console lists it. */
export interface CheckinRecordRow {
  checkin_date: string;
  quota_awarded: number;
}

/**
 * Records the user's check-in of `date`. Fails with the database's unique violation when the user
 * has one for that day already: the (user_id, checkin_date) index decides between concurrent
 * check-ins of every process and node.
 */
export async function insertCheckin(
  db: Kysely<Database>,
  row: { userId: number; date: string; quota: number; createdAt: number },
): Promise<void> {
  await db
    .insertInto('checkins')
    .values({
      user_id: row.userId,
      checkin_date: row.date,
      quota_awarded: row.quota,
      created_at: row.createdAt,
    })
    .execute();
}

/** Whether the user has checked in on `date`. */
export async function hasCheckin(
  db: Kysely<Database>,
  userId: number,
  date: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('checkins')
    .select('id')
    .where('user_id', '=', userId)
    .where('checkin_date', '=', date)
    .executeTakeFirst();
  return row !== undefined;
}

/** The user's check-ins of a month, newest first. */
export async function listMonthCheckins(
  db: Kysely<Database>,
  userId: number,
  range: MonthRange,
): Promise<CheckinRecordRow[]> {
  const rows = await db
    .selectFrom('checkins')
    .select(['checkin_date', 'quota_awarded'])
    .where('user_id', '=', userId)
    .where('checkin_date', '>=', range.first)
    .where('checkin_date', '<=', range.last)
    .orderBy('checkin_date', 'desc')
    .execute();
  return rows.map((row) => ({
    checkin_date: row.checkin_date,
    quota_awarded: Number(row.quota_awarded),
  }));
}

/** How many times the user has checked in, and the quota it brought, over all time. */
export async function checkinTotals(
  db: Kysely<Database>,
  userId: number,
): Promise<{ count: number; quota: number }> {
  const row = await db
    .selectFrom('checkins')
    .select([
      sql<number | string>`count(*)`.as('count'),
      sql<number | string | null>`sum(quota_awarded)`.as('quota'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), quota: Number(row?.quota ?? 0) };
}
