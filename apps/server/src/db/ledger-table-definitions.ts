/**
 * Tables of Tollgate's own, absent from new-api: quota held by serving processes, the log outbox and
 * the background jobs' leases.
 * new-api ignores tables it does not know, so a database shared with it, or handed back to it, keeps
 * working (see docs/compatibility.md).
 */
import { bigint, id, type TableDefinition } from './table-definition-types.js';

export const quotaHolds: TableDefinition<'quota_holds'> = {
  columns: {
    id,
    holder: { type: 'varchar', length: 64, notNull: true },
    user_id: { type: 'bigint', notNull: true },
    token_id: { type: 'bigint', notNull: true },
    subscription_id: { type: 'bigint', notNull: true, default: 0 },
    amount: { type: 'quota', notNull: true, default: 0 },
    expires_at: { type: 'bigint', notNull: true },
  },
  indexes: [
    {
      name: 'idx_quota_holds_holder_pool',
      columns: ['holder', 'user_id', 'token_id', 'subscription_id'],
      unique: true,
    },
    { name: 'idx_quota_holds_expires_at', columns: ['expires_at'] },
    { name: 'idx_quota_holds_subscription_id', columns: ['subscription_id'] },
  ],
};

export const logOutbox: TableDefinition<'log_outbox'> = {
  columns: {
    id,
    payload: { type: 'text', notNull: true },
    created_at: bigint,
  },
  indexes: [],
};

export const logOutboxDone: TableDefinition<'log_outbox_done'> = {
  columns: {
    outbox_id: { type: 'bigint', notNull: true },
  },
  primaryKey: ['outbox_id'],
  indexes: [],
};

export const jobLeases: TableDefinition<'job_leases'> = {
  columns: {
    name: { type: 'varchar', length: 64, notNull: true },
    holder: { type: 'varchar', length: 128, notNull: true },
    expires_at: { type: 'bigint', notNull: true },
    acquired_at: { type: 'bigint', notNull: true },
  },
  primaryKey: ['name'],
  indexes: [],
};

/** Limit counters without Redis (see `LimitCountersTable`). */
export const limitCounters: TableDefinition<'limit_counters'> = {
  columns: {
    key: { type: 'varchar', length: 191, notNull: true },
    used: { type: 'quota', notNull: true, default: 0 },
    expires_at: { type: 'bigint', notNull: true },
  },
  primaryKey: ['key'],
  indexes: [{ name: 'idx_limit_counters_expires_at', columns: ['expires_at'] }],
};

/** Reservations of calls in flight on limit counters (see `LimitReservationsTable`). */
export const limitReservations: TableDefinition<'limit_reservations'> = {
  columns: {
    id,
    counter_key: { type: 'varchar', length: 191, notNull: true },
    reservation: { type: 'varchar', length: 64, notNull: true },
    amount: { type: 'quota', notNull: true, default: 0 },
    expires_at: { type: 'bigint', notNull: true },
  },
  indexes: [
    { name: 'idx_limit_reservations_counter_key', columns: ['counter_key', 'expires_at'] },
    { name: 'idx_limit_reservations_reservation', columns: ['reservation'] },
  ],
};
