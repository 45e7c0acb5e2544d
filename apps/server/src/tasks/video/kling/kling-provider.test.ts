import { decodeJwt, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import type { CachedChannel } from '../../../relay/channel-cache.js';
import { klingProvider } from './kling-provider.js';
import { klingToken } from './kling-token.js';

const channel = { id: 9, type: 50, key: 'ak-1|sk-1', baseUrl: '' } as CachedChannel;
const answer = (data: Record<string, unknown>) =>
  JSON.stringify({ code: 0, message: 'SUCCEED', request_id: 'r', data });

describe('klingToken', () => {
  it('signs HS256 with the secret, iss the access key, 30 minutes, 5 s of skew', async () => {
    const now = Date.UTC(2026, 10, 28, 12, 0, 0);
    const token = await klingToken('ak-a|sk-a', now);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { payload } = await jwtVerify(token, new TextEncoder().encode('sk-a'), {
      currentDate: new Date(now),
    });
    expect(payload).toEqual({ iss: 'ak-a', exp: now / 1000 + 1800, nbf: now / 1000 - 5 });
  });

  it('reuses a token until 5 minutes before it expires, then signs a new one', async () => {
    const start = Date.UTC(2026, 10, 28, 13, 0, 0);
    const first = await klingToken('ak-b|sk-b', start);
    expect(await klingToken('ak-b|sk-b', start + 1400_000)).toBe(first);
    const renewed = await klingToken('ak-b|sk-b', start + 1600_000);
    expect(renewed).not.toBe(first);
    expect(decodeJwt(renewed).exp).toBe((start + 1600_000) / 1000 + 1800);
    expect(await klingToken('ak-c|sk-c', start)).not.toBe(first);
  });

  it('refuses a key that is not AccessKey|SecretKey', async () => {
    await expect(klingToken('just-a-key')).rejects.toThrow('accessKey|secretKey');
  });
});

describe('klingProvider', () => {
  it('serves Kling channels only and prices 5 or 10 seconds', () => {
    expect(klingProvider.serves(channel)).toBe(true);
    expect(klingProvider.serves({ ...channel, type: 1 })).toBe(false);
    expect(klingProvider.priceRatios({ seconds: 4, size: '' })).toEqual({ seconds: 5 });
    expect(klingProvider.priceRatios({ seconds: 6, size: '' })).toEqual({ seconds: 10 });
  });

  it('keeps the endpoint in the upstream id and queries the task under it', async () => {
    const request = {
      method: 'POST' as const,
      url: 'https://k/v1/videos/image2video',
      headers: {},
    };
    const accepted = klingProvider.readSubmitAnswer(
      200,
      answer({ task_id: 'T1', task_status: 'submitted', created_at: 1_700_000_000_000 }),
      request,
    );
    expect(accepted.upstreamId).toBe('image2video/T1');
    expect(JSON.stringify(accepted.video)).not.toContain('T1');
    const query = await klingProvider.fetchRequest(accepted.upstreamId, channel);
    expect(query.url).toBe('https://api.klingai.com/v1/videos/image2video/T1');
    expect(query.headers.authorization).toMatch(/^Bearer ey/);
  });

  it('maps Kling’s states, the failure message and the result file', () => {
    const read = (data: Record<string, unknown>) =>
      klingProvider.readFetchAnswer(200, answer(data));
    expect(read({ task_status: 'submitted' }).status).toBe('QUEUED');
    expect(read({ task_status: 'processing' })).toMatchObject({
      status: 'IN_PROGRESS',
      progress: 50,
    });
    expect(
      read({
        task_status: 'succeed',
        task_result: { videos: [{ id: 'v', url: 'https://cdn/v.mp4', duration: '10' }] },
      }),
    ).toMatchObject({
      status: 'SUCCESS',
      resultUrl: 'https://cdn/v.mp4',
      video: { seconds: '10' },
    });
    expect(read({ task_status: 'failed', task_status_msg: 'risk control' })).toMatchObject({
      status: 'FAILURE',
      failReason: 'risk control',
    });
    // Errors and unknown states change nothing (the poller asks again).
    expect(() => read({ task_status: 'strange' })).toThrow();
    expect(() => klingProvider.readFetchAnswer(401, '{"code":1000}')).toThrow();
    expect(() =>
      klingProvider.readSubmitAnswer(200, '{"code":1201,"message":"bad duration"}', {
        method: 'POST',
        url: 'https://k/v1/videos/text2video',
        headers: {},
      }),
    ).toThrow('bad duration');
  });
});
