import { describe, expect, it } from 'vitest';
import {
  defaultDrawingRange,
  defaultTaskStart,
  drawingActionTag,
  drawingStatusTag,
  elapsedColor,
  elapsedSeconds,
  platformTag,
  progressPercent,
  shortText,
  submitResultTag,
  taskActionTag,
  taskStatusTag,
} from './task-log-rules';

describe('task log rules', () => {
  it('colours actions, submit results and statuses', () => {
    expect(drawingActionTag('IMAGINE')).toEqual({
      color: 'blue',
      labelKey: 'drawing.actions.IMAGINE',
    });
    expect(drawingActionTag('DANCE')).toEqual({ color: 'default', labelKey: 'unknown' });
    expect(submitResultTag(1).color).toBe('green');
    expect(submitResultTag(21).color).toBe('lime');
    expect(submitResultTag(22).color).toBe('orange');
    expect(submitResultTag(0).color).toBe('gold');
    expect(submitResultTag(24).labelKey).toBe('unknown');
    expect(drawingStatusTag('FAILURE')).toEqual({ color: 'red', labelKey: 'status.FAILURE' });
    expect(drawingStatusTag('MODAL').labelKey).toBe('status.MODAL');
    expect(taskStatusTag('')).toEqual({ color: 'geekblue', labelKey: 'status.SUBMITTING' });
    expect(taskStatusTag('QUEUED').color).toBe('orange');
  });

  it('names the platforms and actions of Suno and video tasks', () => {
    expect(platformTag('suno')).toEqual({ color: 'green', labelKey: 'task.platforms.suno' });
    expect(platformTag('sora')).toEqual({ color: 'geekblue', labelKey: 'task.platforms.sora' });
    expect(platformTag('vidu').labelKey).toBe('task.platforms.vidu');
    expect(platformTag('toString')).toEqual({ color: 'default', labelKey: 'unknown' });
    expect(taskActionTag('LYRICS')).toEqual({ color: 'magenta', labelKey: 'task.actions.LYRICS' });
    expect(taskActionTag('generate')).toEqual({ color: 'blue', labelKey: 'task.actions.generate' });
    expect(taskActionTag('remix').labelKey).toBe('task.actions.remix');
    expect(taskActionTag('constructor').labelKey).toBe('unknown');
  });

  it('computes elapsed time in the unit of each log, red over 60 s', () => {
    expect(elapsedSeconds(1_000_000, 1_061_500, 'ms')).toBe(61.5);
    expect(elapsedSeconds(100, 130, 's')).toBe(30);
    expect(elapsedSeconds(0, 5, 's')).toBeUndefined();
    expect(elapsedSeconds(1000, 0, 's', false, 1_010_000)).toBe(10);
    expect(elapsedSeconds(1000, 0, 's', true, 1_010_000)).toBeUndefined();
    expect(elapsedColor(61)).toBe('red');
    expect(elapsedColor(60)).toBe('green');
  });

  it('reads progress and long texts', () => {
    expect(progressPercent('45%')).toBe(45);
    expect(progressPercent('')).toBe(0);
    expect(shortText('a'.repeat(25))).toBe(`${'a'.repeat(20)}…`);
  });

  it('defaults the time filters', () => {
    const now = new Date(2026, 0, 15, 13, 30).getTime();
    expect(defaultDrawingRange(now)).toEqual({
      start: now - 30 * 86_400_000,
      end: now + 3_600_000,
    });
    expect(defaultTaskStart(now)).toBe(new Date(2026, 0, 15).getTime() / 1000);
  });
});
