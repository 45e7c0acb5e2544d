/**
 * Video tasks in the task log (issue 32): what a video task asked for, read from the row the
 * server lists (`properties`: `input`, `model`, `seconds`, `size`; else the stored video object in
 * `data`).
 */
import { isRecord } from '../../../lib/local-store';

/** The platforms of video tasks (`tasks.platform`), with their tag colours. */
export const VIDEO_PLATFORM_COLORS: Readonly<Record<string, string>> = {
  sora: 'geekblue',
  kling: 'orange',
  jimeng: 'cyan',
  vidu: 'purple',
};

/** What a video task asked for. `seconds` 0 and `size` '' when the row does not say. */
export interface VideoTaskInfo {
  model: string;
  prompt: string;
  seconds: number;
  size: string;
}

const text = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

function positiveNumber(value: unknown): number {
  const number = typeof value === 'number' ? value : Number.parseFloat(text(value));
  return Number.isFinite(number) && number > 0 ? number : 0;
}

/**
 * The video of a task row; undefined for other tasks (Suno's). A row is a video task when its
 * platform is a video platform, or its properties carry a video request (a platform the console
 * does not know yet).
 */
export function videoTaskInfo(row: {
  platform: string;
  properties: unknown;
  data: unknown;
}): VideoTaskInfo | undefined {
  const properties = isRecord(row.properties) ? row.properties : {};
  const data = isRecord(row.data) ? row.data : {};
  const requested = 'seconds' in properties && 'size' in properties && 'model' in properties;
  if (!Object.hasOwn(VIDEO_PLATFORM_COLORS, row.platform) && !requested) return undefined;
  return {
    model: text(properties.model) || text(data.model),
    prompt: text(properties.input) || text(data.prompt),
    seconds: positiveNumber(properties.seconds) || positiveNumber(data.seconds),
    size: text(properties.size) || text(data.size),
  };
}
