/**
 * Display rules of the drawing log and the task log (spec part 2 §3, §4, §9): tag colours of the
 * action, submit result and status values, elapsed time, progress and the default time filters.
 * Colours are antd preset names, which have light and dark variants.
 */
import { VIDEO_PLATFORM_COLORS } from './video-task';

/** A tag: its colour and the translation key of its label (namespace `tasks`). */
export interface TagRule {
  color: string;
  labelKey: string;
}

const drawingActions: Record<string, string> = {
  IMAGINE: 'blue',
  UPSCALE: 'orange',
  VARIATION: 'purple',
  HIGH_VARIATION: 'purple',
  LOW_VARIATION: 'purple',
  PAN: 'cyan',
  DESCRIBE: 'gold',
  BLEND: 'lime',
  UPLOAD: 'blue',
  SHORTEN: 'magenta',
  REROLL: 'geekblue',
  INPAINT: 'purple',
  ZOOM: 'cyan',
  CUSTOM_ZOOM: 'cyan',
  MODAL: 'green',
  SWAP_FACE: 'green',
};

/** The drawing action type tag (unknown actions: a plain "unknown" tag). */
export function drawingActionTag(action: string): TagRule {
  const color = drawingActions[action];
  return color
    ? { color, labelKey: `drawing.actions.${action}` }
    : { color: 'default', labelKey: 'unknown' };
}

/** The submit result: 1 submitted, 21 waiting, 22 duplicate submission, 0 not submitted. */
export function submitResultTag(code: number): TagRule {
  switch (code) {
    case 1:
      return { color: 'green', labelKey: 'drawing.codes.1' };
    case 21:
      return { color: 'lime', labelKey: 'drawing.codes.21' };
    case 22:
      return { color: 'orange', labelKey: 'drawing.codes.22' };
    case 0:
      return { color: 'gold', labelKey: 'drawing.codes.0' };
    default:
      return { color: 'default', labelKey: 'unknown' };
  }
}

const statusColors: Record<string, string> = {
  SUCCESS: 'green',
  NOT_START: 'default',
  SUBMITTED: 'gold',
  QUEUED: 'orange',
  IN_PROGRESS: 'blue',
  FAILURE: 'red',
  MODAL: 'gold',
  UNKNOWN: 'default',
};

/** A drawing task's status (MODAL: waiting for the window). */
export function drawingStatusTag(status: string): TagRule {
  if (status === 'QUEUED' || status === 'UNKNOWN' || !statusColors[status]) {
    return { color: 'default', labelKey: 'unknown' };
  }
  return { color: statusColors[status], labelKey: `status.${status}` };
}

/** A generic task's status; empty means it is still being submitted. */
export function taskStatusTag(status: string): TagRule {
  if (status === '') return { color: 'geekblue', labelKey: 'status.SUBMITTING' };
  if (status === 'MODAL' || !statusColors[status]) return { color: 'default', labelKey: 'unknown' };
  return { color: statusColors[status], labelKey: `status.${status}` };
}

const taskActions: Record<string, string> = {
  MUSIC: 'default',
  LYRICS: 'magenta',
  generate: 'blue',
  remix: 'purple',
};

/** A generic task's action (Suno's MUSIC, LYRICS; a video's generate, remix). */
export function taskActionTag(action: string): TagRule {
  return Object.hasOwn(taskActions, action)
    ? { color: taskActions[action], labelKey: `task.actions.${action}` }
    : { color: 'default', labelKey: 'unknown' };
}

/** A task platform (suno, and the video platforms). */
export function platformTag(platform: string): TagRule {
  if (platform === 'suno') return { color: 'green', labelKey: 'task.platforms.suno' };
  if (Object.hasOwn(VIDEO_PLATFORM_COLORS, platform)) {
    return { color: VIDEO_PLATFORM_COLORS[platform], labelKey: `task.platforms.${platform}` };
  }
  return { color: 'default', labelKey: 'unknown' };
}

/** Statuses after which a task never changes. */
export function isFinalStatus(status: string): boolean {
  return status === 'SUCCESS' || status === 'FAILURE';
}

/**
 * Seconds from submission to the end (or to `now` while running), one decimal; undefined without a
 * submit time, or for a finished task without an end time (a submission upstream refused).
 * `unit` is the scale of the stored times (ms for drawings, s for tasks).
 */
export function elapsedSeconds(
  submitTime: number,
  finishTime: number,
  unit: 'ms' | 's',
  final = false,
  now: number = Date.now(),
): number | undefined {
  if (!submitTime || (final && finishTime <= 0)) return undefined;
  const scale = unit === 'ms' ? 1000 : 1;
  const end = finishTime > 0 ? finishTime : now / (unit === 'ms' ? 1 : 1000);
  return Math.max(0, Math.round(((end - submitTime) / scale) * 10) / 10);
}

/** Elapsed time over 60 s is red, else green. */
export function elapsedColor(seconds: number): 'red' | 'green' {
  return seconds > 60 ? 'red' : 'green';
}

/** A progress text such as "45%" as a number from 0 to 100. */
export function progressPercent(progress: string): number {
  const value = Number.parseFloat(progress.replace('%', ''));
  return Number.isFinite(value) ? Math.min(100, Math.max(0, value)) : 0;
}

/** The drawing log's default window: 30 days back to one hour ahead (milliseconds). */
export function defaultDrawingRange(now: number): { start: number; end: number } {
  return { start: now - 30 * 24 * 3600 * 1000, end: now + 3600 * 1000 };
}

/** The task log's default start: the start of today (seconds); no end. */
export function defaultTaskStart(now: number): number {
  const start = new Date(now);
  start.setHours(0, 0, 0, 0);
  return Math.floor(start.getTime() / 1000);
}

/** Texts longer than this open in a dialog instead of showing whole in the cell. */
export const LONG_TEXT = 20;

/** The cell text of a long value: its start with an ellipsis. */
export function shortText(text: string): string {
  return text.length > LONG_TEXT ? `${text.slice(0, LONG_TEXT)}…` : text;
}
