import { describe, expect, it } from 'vitest';
import type { CachedChannel } from '../channel-cache.js';
import { realtimeUpstreamTarget } from './realtime-upstream-url.js';

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

const client = { headers: {}, query: new URLSearchParams(), protocols: [] as string[] };

describe('realtimeUpstreamTarget', () => {
  it('connects OpenAI at wss://…/v1/realtime with the mapped model and the channel key', () => {
    const target = realtimeUpstreamTarget(channel({ organization: 'org-1' }), 'gpt-4o-rt', {
      ...client,
      protocols: ['realtime', 'openai-insecure-api-key.sk-client', 'openai-beta.realtime-v1'],
    });
    expect(target.url).toBe('wss://api.openai.com/v1/realtime?model=gpt-4o-rt');
    expect(target.headers).toEqual({
      Authorization: 'Bearer sk-channel',
      'OpenAI-Organization': 'org-1',
      'OpenAI-Beta': 'realtime=v1',
    });
  });

  it('turns an http base into ws', () => {
    const target = realtimeUpstreamTarget(channel({ baseUrl: 'http://127.0.0.1:9' }), 'm', client);
    expect(target.url).toBe('ws://127.0.0.1:9/v1/realtime?model=m');
  });

  it('connects Azure at /openai/realtime with api-version and deployment', () => {
    const azure = channel({ type: 3, baseUrl: 'https://x.openai.azure.com', other: '2025-04-01' });
    const target = realtimeUpstreamTarget(azure, 'gpt-4o.realtime', client);
    expect(target.url).toBe(
      'wss://x.openai.azure.com/openai/realtime?api-version=2025-04-01&deployment=gpt-4orealtime',
    );
    expect(target.headers).toEqual({ 'api-key': 'sk-channel' });
    const asked = realtimeUpstreamTarget(channel({ type: 3, baseUrl: 'https://x' }), 'd', {
      ...client,
      query: new URLSearchParams('model=d&api-version=2024-12-17'),
    });
    expect(asked.url).toBe('wss://x/openai/realtime?api-version=2024-12-17&deployment=d');
    const fallback = realtimeUpstreamTarget(
      channel({ type: 3, baseUrl: 'https://x' }),
      'd',
      client,
    );
    expect(fallback.url).toContain('api-version=2024-10-01-preview');
  });

  it('refuses channel families that have no realtime API', () => {
    expect(() => realtimeUpstreamTarget(channel({ type: 14 }), 'claude', client)).toThrow(
      /not supported/,
    );
  });
});
