import { describe, expect, it } from 'vitest';
import { isVideoModel, isVideoModelName } from './video-models.js';

describe('video models', () => {
  it('knows the video families by name', () => {
    for (const model of [
      'sora-2',
      'sora-2-pro',
      'kling-v2-master',
      'jimeng_vgfm_t2v_l20',
      'viduq1',
      'Vidu2.0',
    ]) {
      expect(isVideoModelName(model), model).toBe(true);
    }
    for (const model of ['gpt-4o-mini', 'sora', 'claude-3-5-haiku', 'dall-e-3', 'my-kling-chat']) {
      expect(isVideoModelName(model), model).toBe(false);
    }
  });

  it("takes the catalogue's endpoint type for any other name", () => {
    expect(isVideoModel('house-video', ['openai-video'])).toBe(true);
    expect(isVideoModel('house-video', ['openai', 'image-generation'])).toBe(false);
    expect(isVideoModel('sora-2')).toBe(true);
  });
});
