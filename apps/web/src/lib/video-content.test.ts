import { describe, expect, it } from 'vitest';
import { videoContentUrl } from './video-content';

describe('video content address', () => {
  it('is the content route of the task, its id escaped', () => {
    expect(videoContentUrl('task_Ab9')).toBe('/v1/videos/task_Ab9/content');
    expect(videoContentUrl('task_ab/c?d')).toBe('/v1/videos/task_ab%2Fc%3Fd/content');
  });
});
