import { describe, expect, it } from 'vitest';
import { videoTaskInfo } from './video-task';

describe('video tasks in the task log', () => {
  it('reads the request from the properties', () => {
    expect(
      videoTaskInfo({
        platform: 'sora',
        properties: { input: 'a kite', model: 'sora-2', seconds: 8, size: '1280x720' },
        data: { seconds: '4', size: '720x1280', prompt: 'other' },
      }),
    ).toEqual({ model: 'sora-2', prompt: 'a kite', seconds: 8, size: '1280x720' });
  });

  it("falls back to the stored video object, and knows a new platform by its request's shape", () => {
    expect(
      videoTaskInfo({
        platform: 'kling',
        properties: null,
        data: { model: 'kling-v1', prompt: 'waves', seconds: '5', size: '1280x720' },
      }),
    ).toEqual({ model: 'kling-v1', prompt: 'waves', seconds: 5, size: '1280x720' });
    expect(
      videoTaskInfo({
        platform: 'hailuo',
        properties: { input: 'x', model: 'h-1', seconds: 6, size: '' },
        data: null,
      }),
    ).toEqual({ model: 'h-1', prompt: 'x', seconds: 6, size: '' });
  });

  it('leaves other tasks alone', () => {
    expect(
      videoTaskInfo({ platform: 'suno', properties: { prompt: 'song' }, data: [] }),
    ).toBeUndefined();
    expect(videoTaskInfo({ platform: 'vidu', properties: 'broken', data: 'broken' })).toEqual({
      model: '',
      prompt: '',
      seconds: 0,
      size: '',
    });
  });
});
