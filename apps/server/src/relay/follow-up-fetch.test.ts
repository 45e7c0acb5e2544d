import { describe, expect, it } from 'vitest';
import type { UpstreamRequest } from '../providers/provider-adaptor.js';
import { followUpFetch } from './follow-up-fetch.js';
import type { RelayCall } from './relay-call-context.js';

const REQUEST: UpstreamRequest = {
  url: 'https://upstream.example/api/v1/tasks/t1',
  method: 'GET',
  headers: { Authorization: 'Bearer k' },
  body: undefined,
};

/** A call whose upstream client answers `outcome` and records what it was asked to send. */
function fakeCall(outcome: 'answer' | 'refused', proxy = '') {
  const sent: Array<{ request: UpstreamRequest; proxy: string | undefined }> = [];
  const response = {
    statusCode: 202,
    headers: { 'content-type': 'application/json' },
    readAll: async () => Buffer.from('{"ok":true}'),
  };
  const call = {
    clientGone: false,
    upstream: undefined as unknown,
    lastChannel: { setting: { proxy } },
    services: {
      upstream: {
        send(request: UpstreamRequest, channelProxy: string | undefined) {
          sent.push({ request, proxy: channelProxy });
          const started =
            outcome === 'answer' ? Promise.resolve(response) : Promise.reject(new Error('reset'));
          return { started };
        },
      },
    },
  };
  return { call, sent, asRelayCall: call as unknown as RelayCall };
}

describe('followUpFetch', () => {
  it('sends through the upstream client with the channel proxy and reads the whole answer', async () => {
    const { call, sent, asRelayCall } = fakeCall('answer', 'http://proxy.example:3128');
    const answer = await followUpFetch(asRelayCall, 1024)(REQUEST);
    expect(answer).toEqual({
      status: 202,
      contentType: 'application/json',
      body: Buffer.from('{"ok":true}'),
    });
    expect(sent).toEqual([{ request: REQUEST, proxy: 'http://proxy.example:3128' }]);
    // Registered as the exchange in progress, so a client that leaves cancels it.
    expect(call.upstream).toBeDefined();
  });

  it('fails as an upstream request failure when no answer comes', async () => {
    const { asRelayCall } = fakeCall('refused');
    await expect(followUpFetch(asRelayCall, 1024)(REQUEST)).rejects.toMatchObject({
      status: 500,
      code: 'do_request_failed',
      local: false,
    });
  });

  it('sends nothing once the client has gone', async () => {
    const { call, sent, asRelayCall } = fakeCall('answer');
    call.clientGone = true;
    await expect(followUpFetch(asRelayCall, 1024)(REQUEST)).rejects.toMatchObject({
      status: 499,
      code: 'client_closed',
    });
    expect(sent).toEqual([]);
  });
});
