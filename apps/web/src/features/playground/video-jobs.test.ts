import { describe, expect, it } from 'vitest';
import { isJobOver, refusalKey, videoJobState, type VideoJob } from './video-jobs';

const job: VideoJob = {
  key: 'task_1',
  taskId: 'task_1',
  prompt: 'a kite',
  model: 'sora-2',
  seconds: 4,
  size: '720x1280',
};
const row = (status: string, progress = '', reason = '') => ({
  status,
  progress,
  fail_reason: reason,
});

describe('playground video jobs', () => {
  it('follows the task from waiting to done', () => {
    expect(videoJobState(job, undefined)).toEqual({ phase: 'waiting', percent: 0, reason: '' });
    expect(videoJobState(job, row('SUBMITTED', '0%')).phase).toBe('waiting');
    expect(videoJobState(job, row('QUEUED', '10%'))).toEqual({
      phase: 'waiting',
      percent: 10,
      reason: '',
    });
    expect(videoJobState(job, row('IN_PROGRESS', '50%'))).toEqual({
      phase: 'running',
      percent: 50,
      reason: '',
    });
    expect(videoJobState(job, row('IN_PROGRESS', '250%')).percent).toBe(100);
    const done = videoJobState(job, row('SUCCESS', '90%'));
    expect(done).toEqual({ phase: 'done', percent: 100, reason: '' });
    expect(isJobOver(done)).toBe(true);
    expect(isJobOver(videoJobState(job, row('IN_PROGRESS', '50%')))).toBe(false);
  });

  it('ends with the reason of a failure or a refusal', () => {
    const failed = videoJobState(job, row('FAILURE', '50%', 'mock upstream failure'));
    expect(failed).toEqual({ phase: 'failed', percent: 50, reason: 'mock upstream failure' });
    expect(isJobOver(failed)).toBe(true);
    const refused = { ...job, taskId: '', key: refusalKey(), refusal: '用户额度不足' };
    expect(videoJobState(refused, row('SUCCESS'))).toEqual({
      phase: 'failed',
      percent: 0,
      reason: '用户额度不足',
    });
    expect(refusalKey()).not.toBe(refusalKey());
  });
});
