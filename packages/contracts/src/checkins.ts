import { z } from 'zod';

/** A check-in day: `YYYY-MM-DD` in the server's configured time zone. */
export const CHECKIN_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** The `month` query of `GET /api/user/checkin`: `YYYY-MM`, month 01 to 12. */
export const CHECKIN_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

/** One check-in of the month asked for. */
export const checkinRecordSchema = z.object({
  checkin_date: z.string(),
  quota_awarded: z.number(),
});
export type CheckinRecord = z.infer<typeof checkinRecordSchema>;

/** `data` of `GET /api/user/checkin?month=YYYY-MM` (new-api 1.0's shape). */
export const checkinStatusSchema = z.object({
  enabled: z.boolean(),
  /** The reward range as read (negatives at 0, an inverted range swapped). */
  min_quota: z.number(),
  max_quota: z.number(),
  stats: z.object({
    /** Quota awarded by every check-in of the user, all months. */
    total_quota: z.number(),
    /** Check-ins of the user, all months. */
    total_checkins: z.number(),
    /** Check-ins in the month asked for. */
    checkin_count: z.number(),
    checked_in_today: z.boolean(),
    /** The month's check-ins, newest first. */
    records: z.array(checkinRecordSchema),
  }),
});
export type CheckinStatus = z.infer<typeof checkinStatusSchema>;

/** `data` of `POST /api/user/checkin`. */
export const checkinResultSchema = z.object({
  quota_awarded: z.number(),
  checkin_date: z.string(),
});
export type CheckinResult = z.infer<typeof checkinResultSchema>;
