/**
 * The background jobs run under a lease, one holder at a time across all nodes. Each one's unit of
 * work is idempotent (a task refunded once by a conditional status change, a log batch deleted by
 * its cutoff, the totals folded under a transaction lock), so a holder that lost its lease mid-run
 * and finishes its unit does no harm.
 */
export const JOB_NAMES = [
  'task-polling',
  'log-retention',
  'log-totals',
  'channel-schedules',
  'subscription-sweep',
] as const;

export type JobName = (typeof JOB_NAMES)[number];
