import { z } from 'zod';

/** Rows per page of the drawing and task logs (fixed, as new-api). */
export const TASK_LOG_PAGE_SIZE = 10;

const lenientInteger = z.coerce.number().int().catch(0);
const filterText = z.string().max(200).default('');

/**
 * Filters of `GET /api/mj/` (admin) and `/api/mj/self`: `p` 0-based; `submit_time` bounds in
 * milliseconds (0 = unbounded); `channel_id` is read for admins only.
 */
export const drawingLogQuerySchema = z.object({
  p: lenientInteger,
  channel_id: lenientInteger,
  mj_id: filterText,
  start_timestamp: lenientInteger,
  end_timestamp: lenientInteger,
});
export type DrawingLogQuery = z.infer<typeof drawingLogQuerySchema>;

/**
 * Filters of `GET /api/task/` (admin) and `/api/task/self`: `p` 0-based; `submit_time` bounds in
 * seconds (0 = unbounded); `channel_id` is read for admins only.
 */
export const taskLogQuerySchema = z.object({
  p: lenientInteger,
  channel_id: lenientInteger,
  platform: filterText,
  task_id: filterText,
  status: filterText,
  action: filterText,
  start_timestamp: lenientInteger,
  end_timestamp: lenientInteger,
});
export type TaskLogQuery = z.infer<typeof taskLogQuerySchema>;

/** A drawing task row of the console (`/api/mj/…`); times in milliseconds. */
export interface DrawingLogRow {
  id: number;
  user_id: number;
  code: number;
  action: string;
  mj_id: string;
  prompt: string;
  prompt_en: string;
  description: string;
  state: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  image_url: string;
  status: string;
  progress: string;
  fail_reason: string;
  channel_id: number;
  quota: number;
  buttons: string;
  properties: string;
}

/** A task row of the console (`/api/task/…`); times in seconds; no `channel_id` for users. */
export interface TaskLogRow {
  id: number;
  created_at: number;
  updated_at: number;
  task_id: string;
  platform: string;
  user_id: number;
  channel_id?: number;
  quota: number;
  action: string;
  status: string;
  fail_reason: string;
  submit_time: number;
  start_time: number;
  finish_time: number;
  progress: string;
  properties: unknown;
  data: unknown;
}
