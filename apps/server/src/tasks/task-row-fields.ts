import type { TaskRow } from '../db/schema.js';

/**
 * A platform task's progress as both its API (`/<platform>/fetch`) and the console's task log
 * show it: action, status, failure, the three times (s) and the progress text, nulls as blanks.
 */
export function taskProgressFields(row: TaskRow) {
  return {
    action: row.action ?? '',
    status: row.status ?? '',
    fail_reason: row.fail_reason ?? '',
    submit_time: Number(row.submit_time ?? 0),
    start_time: Number(row.start_time ?? 0),
    finish_time: Number(row.finish_time ?? 0),
    progress: row.progress ?? '',
  };
}
