import { describe, expect, it } from 'vitest';
import { fitVideoShape, videoChoices } from './video-choices';

describe('video choices', () => {
  it('offers what each family accepts', () => {
    expect(videoChoices('sora-2')).toEqual({
      seconds: [4, 8, 12],
      sizes: ['720x1280', '1280x720'],
    });
    expect(videoChoices('sora-2-pro').sizes).toContain('1792x1024');
    expect(videoChoices('kling-v2-master').seconds).toEqual([5, 10]);
    expect(videoChoices('jimeng_vgfm_t2v_l20').seconds).toEqual([5, 10]);
    expect(videoChoices('viduq1').seconds).toEqual([4, 5, 8]);
    expect(videoChoices('house-video')).toEqual(videoChoices('sora-2-pro'));
  });

  it('keeps a choice the new model allows and replaces one it does not', () => {
    const sora = videoChoices('sora-2');
    expect(fitVideoShape({ seconds: 8, size: '1280x720' }, sora)).toEqual({
      seconds: 8,
      size: '1280x720',
    });
    expect(fitVideoShape({ seconds: 10, size: '1024x1024' }, sora)).toEqual({
      seconds: 4,
      size: '720x1280',
    });
  });
});
