import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppEvents } from '../lib/app-events.js';
import { isClusterMessage, type ClusterMessage } from './cluster-messages.js';
import { WorkerLink } from './worker-link.js';

/** A link whose messages to the primary are collected, and a way to answer as the primary. */
function linkWithFakePrimary() {
  const sent: ClusterMessage[] = [];
  const link = new WorkerLink((message) => sent.push(message));
  const fromPrimary = (message: ClusterMessage) => process.emit('message', message, undefined);
  return { link, sent, fromPrimary };
}

describe('WorkerLink', () => {
  let close: (() => void) | undefined;
  afterEach(() => {
    close?.();
    vi.useRealTimers();
  });

  it("sends this worker's events to the primary and replays other workers' without echoing them", () => {
    const { link, sent, fromPrimary } = linkWithFakePrimary();
    close = () => link.close();
    const events = new AppEvents();
    link.bridgeEvents(events);
    events.emit('token-changed', { tokenId: 7, tokenKey: 'abc' });
    expect(sent).toEqual([
      { tollgate: 'event', name: 'token-changed', args: [{ tokenId: 7, tokenKey: 'abc' }] },
    ]);

    const heard: number[] = [];
    events.on('user-changed', ({ userId }) => heard.push(userId));
    fromPrimary({ tollgate: 'event', name: 'user-changed', args: [{ userId: 3 }] });
    expect(heard).toEqual([3]);
    // Replayed, not sent back.
    expect(sent).toHaveLength(1);
    // An event name outside the bridged set is ignored.
    fromPrimary({ tollgate: 'event', name: 'shutdown-everything', args: [] });
    expect(sent).toHaveLength(1);
  });

  it('asks the primary for rate-limit decisions and takes its answer', async () => {
    const { link, sent, fromPrimary } = linkWithFakePrimary();
    close = () => link.close();
    const decision = link.rateLimiter().allow('GA:1.2.3.4', 10, 60);
    const request = sent[0];
    expect(request).toMatchObject({
      tollgate: 'rate-limit',
      key: 'GA:1.2.3.4',
      limit: 10,
      windowSeconds: 60,
    });
    fromPrimary({
      tollgate: 'rate-limit-answer',
      id: (request as { id: number }).id,
      allowed: false,
    });
    expect(await decision).toBe(false);
  });

  it('lets a request through when the primary does not answer in time', async () => {
    vi.useFakeTimers();
    const { link } = linkWithFakePrimary();
    close = () => link.close();
    const decision = link.rateLimiter().allow('GA:1.2.3.4', 10, 60);
    await vi.advanceTimersByTimeAsync(2500);
    expect(await decision).toBe(true);
  });

  it('answers a metrics collection with its snapshot and returns what the primary gathered', async () => {
    const { link, sent, fromPrimary } = linkWithFakePrimary();
    close = () => link.close();
    link.provideMetrics(() => ({ own: true }));
    fromPrimary({ tollgate: 'metrics-collect', id: 41 });
    expect(sent).toEqual([{ tollgate: 'metrics-snapshot', id: 41, snapshots: [{ own: true }] }]);

    const gathered = link.gatherMetrics();
    const request = sent[1] as { id: number };
    fromPrimary({
      tollgate: 'metrics-answer',
      id: request.id,
      snapshots: [{ own: true }, { other: true }],
    });
    expect(await gathered).toEqual([{ own: true }, { other: true }]);
  });

  it('shows its own metrics alone when the primary does not answer in time', async () => {
    vi.useFakeTimers();
    const { link } = linkWithFakePrimary();
    close = () => link.close();
    let taken = 0;
    link.provideMetrics(() => ({ own: (taken += 1) }));
    const gathered = link.gatherMetrics();
    // Nothing is taken while the primary may still answer.
    expect(taken).toBe(0);
    await vi.advanceTimersByTimeAsync(2500);
    expect(await gathered).toEqual([{ own: 1 }]);
  });
});

describe('isClusterMessage', () => {
  it('accepts the known shapes only', () => {
    expect(isClusterMessage({ tollgate: 'ready' })).toBe(true);
    expect(isClusterMessage({ tollgate: 'rate-limit-answer', id: 1, allowed: true })).toBe(true);
    expect(isClusterMessage({ tollgate: 'rate-limit-answer', id: 1, allowed: 'yes' })).toBe(false);
    expect(isClusterMessage({ tollgate: 'event', name: 'x' })).toBe(false);
    expect(isClusterMessage({ tollgate: 'unknown' })).toBe(false);
    expect(isClusterMessage('ready')).toBe(false);
    expect(isClusterMessage(null)).toBe(false);
  });
});
