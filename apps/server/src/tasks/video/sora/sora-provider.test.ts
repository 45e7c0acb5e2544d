import { describe, expect, it } from 'vitest';
import { RelayError } from '../../../errors/relay-error.js';
import type { CachedChannel } from '../../../relay/channel-cache.js';
import { soraProvider } from './sora-provider.js';

function channel(fields: Partial<CachedChannel>): CachedChannel {
  return {
    id: 7,
    type: 1,
    key: 'sk-channel',
    baseUrl: '',
    other: '',
    organization: '',
    ...fields,
  } as CachedChannel;
}

const answer = (video: Record<string, unknown>) => JSON.stringify({ object: 'video', ...video });
/** The submission an answer is read for (Sora's answers name everything themselves). */
const sent = { method: 'POST' as const, url: 'https://api.openai.com/v1/videos', headers: {} };

describe('soraProvider', () => {
  it('serves OpenAI and Azure channels only', () => {
    expect(soraProvider.serves(channel({ type: 1 }))).toBe(true);
    expect(soraProvider.serves(channel({ type: 3 }))).toBe(true);
    expect(soraProvider.serves(channel({ type: 36 }))).toBe(false); // Suno
    expect(soraProvider.serves(channel({ type: 43 }))).toBe(false); // DeepSeek, OpenAI-compatible
  });

  it('prices seconds × size tier', () => {
    expect(soraProvider.priceRatios({ seconds: 12, size: '720x1280' })).toEqual({
      seconds: 12,
      size: 1,
    });
    expect(soraProvider.priceRatios({ seconds: 4, size: '1024x1792' })).toEqual({
      seconds: 4,
      size: 1.666667,
    });
  });

  it('addresses OpenAI at {base}/v1/videos and Azure under /openai with its api-key', () => {
    const openAi = soraProvider.fetchRequest('video_1', channel({ organization: 'org-1' }));
    expect(openAi).toEqual({
      method: 'GET',
      url: 'https://api.openai.com/v1/videos/video_1',
      headers: { Authorization: 'Bearer sk-channel', 'OpenAI-Organization': 'org-1' },
      body: undefined,
    });
    const azure = channel({ type: 3, baseUrl: 'https://x.openai.azure.com/' });
    expect(soraProvider.contentRequest('video 2', azure, 'thumbnail', undefined)).toMatchObject({
      url: 'https://x.openai.azure.com/openai/v1/videos/video%202/content?variant=thumbnail',
      headers: { 'api-key': 'sk-channel' },
    });
  });

  it('maps upstream statuses case-insensitively, with progress and the failure reason', () => {
    const read = (video: Record<string, unknown>) =>
      soraProvider.readFetchAnswer(200, answer(video));
    expect(read({ status: 'Pending' })).toMatchObject({ status: 'QUEUED' });
    expect(read({ status: 'whatever' })).toMatchObject({ status: 'QUEUED' });
    expect(read({ status: 'running', progress: '35%' })).toMatchObject({
      status: 'IN_PROGRESS',
      progress: 35,
    });
    expect(read({ status: 'SUCCEEDED', progress: 100 })).toMatchObject({ status: 'SUCCESS' });
    expect(read({ status: 'failed', error: { message: 'blocked' } })).toMatchObject({
      status: 'FAILURE',
      failReason: 'blocked',
    });
    expect(read({ status: 'cancelled' })).toMatchObject({
      status: 'FAILURE',
      failReason: 'task failed',
    });
    expect(() => soraProvider.readFetchAnswer(500, 'oops')).toThrow(/answered 500/);
  });

  it('takes id or task_id from an accepted submission and passes refusals on', () => {
    expect(soraProvider.readSubmitAnswer(200, answer({ task_id: 'up-1' }), sent).upstreamId).toBe(
      'up-1',
    );
    const refused = (() => {
      try {
        soraProvider.readSubmitAnswer(400, JSON.stringify({ error: { message: 'no' } }), sent);
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toBeInstanceOf(RelayError);
    expect(refused).toMatchObject({ status: 400, message: 'no', local: false });
    expect(() => soraProvider.readSubmitAnswer(200, answer({ status: 'queued' }), sent)).toThrow(
      /without a task id/,
    );
  });
});
