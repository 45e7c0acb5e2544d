import { describe, expect, it } from 'vitest';
import { jimengProvider, jimengReqKey } from './jimeng/jimeng-provider.js';
import { aspectRatioOf, referenceImages } from './video-conversion.js';
import { viduProvider } from './vidu/vidu-provider.js';

describe('video conversion', () => {
  it('reads reference images from files, input_reference, image and images', () => {
    const images = referenceImages({
      files: [
        {
          field: 'input_reference',
          filename: 'a.png',
          contentType: 'image/png',
          bytes: Buffer.from('ab'),
        },
      ],
      fields: {
        input_reference: { image_url: 'https://x/b.png' },
        image: 'data:image/jpeg;base64,Y2Q=',
        images: ['https://x/c.png', 7],
      },
    });
    expect(images).toEqual([
      { base64: 'YWI=', contentType: 'image/png' },
      { url: 'https://x/b.png' },
      { base64: 'Y2Q=', contentType: 'image/jpeg' },
      { url: 'https://x/c.png' },
    ]);
  });

  it('turns sizes into the nearest offered aspect ratio', () => {
    expect(aspectRatioOf('1280x720')).toBe('16:9');
    expect(aspectRatioOf('1024x1792')).toBe('9:16');
    expect(aspectRatioOf('1000x1000')).toBe('1:1');
    expect(aspectRatioOf('1200x800')).toBe('16:9');
    expect(aspectRatioOf('1024x768', ['16:9', '4:3', '1:1'])).toBe('4:3');
    expect(aspectRatioOf('21:9')).toBe('21:9');
    expect(aspectRatioOf('')).toBeUndefined();
  });
});

describe('jimeng', () => {
  it('picks the Jimeng 3.0 req_key by the number of images', () => {
    expect(jimengReqKey('jimeng_vgfm_t2v_l20', 1)).toBe('jimeng_vgfm_t2v_l20');
    expect(jimengReqKey('jimeng_v30', 0)).toBe('jimeng_t2v_v30');
    expect(jimengReqKey('jimeng_v30', 1)).toBe('jimeng_i2v_first_v30');
    expect(jimengReqKey('jimeng_v30_1080p', 2)).toBe('jimeng_i2v_first_tail_v30_1080');
    expect(jimengReqKey('jimeng_v30_pro', 1)).toBe('jimeng_ti2v_v30_pro');
  });

  it('fails a task on an error code, but polls again on rate limits and gateway errors', () => {
    const read = (status: number, body: unknown) =>
      jimengProvider.readFetchAnswer(status, JSON.stringify(body));
    expect(read(200, { code: 10000, data: { status: 'generating' } }).status).toBe('IN_PROGRESS');
    expect(read(200, { code: 10000, data: { status: 'expired' } })).toMatchObject({
      status: 'FAILURE',
      failReason: 'task expired',
    });
    expect(read(200, { code: 50412, message: 'Text Risk Not Pass' })).toMatchObject({
      status: 'FAILURE',
      failReason: 'Text Risk Not Pass',
    });
    expect(() => read(429, { code: 50429, message: 'QPS limit' })).toThrow();
    expect(() =>
      read(401, { ResponseMetadata: { Error: { Code: 'SignatureDoesNotMatch' } } }),
    ).toThrow();
  });
});

describe('vidu', () => {
  it('maps Vidu’s states, its file and its error code', () => {
    const read = (body: unknown) => viduProvider.readFetchAnswer(200, JSON.stringify(body));
    expect(read({ state: 'created' }).status).toBe('QUEUED');
    expect(read({ state: 'queueing' }).status).toBe('QUEUED');
    expect(read({ state: 'processing' }).status).toBe('IN_PROGRESS');
    expect(read({ state: 'success', creations: [{ url: 'https://cdn/v.mp4' }] })).toMatchObject({
      status: 'SUCCESS',
      resultUrl: 'https://cdn/v.mp4',
    });
    expect(read({ state: 'failed', err_code: 'CreationPolicyViolation' })).toMatchObject({
      status: 'FAILURE',
      failReason: 'CreationPolicyViolation',
    });
    expect(() => read({ state: 'odd' })).toThrow();
  });
});
