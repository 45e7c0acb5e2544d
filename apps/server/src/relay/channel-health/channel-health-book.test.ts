import { describe, expect, it } from 'vitest';
import { AppEvents, type CircuitChange } from '../../lib/app-events.js';
import { ALLOWED, BLOCKED, ChannelHealthBook, PROBE, WEIGHT_FLOOR } from './channel-health-book.js';
import type { ProbeTokens } from './probe-tokens.js';

function bookAt(clock: { now: number }, parts: { events?: AppEvents; tokens?: ProbeTokens } = {}) {
  const book = new ChannelHealthBook({ ...parts, now: () => clock.now });
  book.settings = { ...book.settings, failureThreshold: 2, cooldownMs: 1_000 };
  return book;
}

describe('channel health book', () => {
  it('opens a channel × model circuit on 5xx answers, leaving the channel’s other models alone', () => {
    const clock = { now: 0 };
    const book = bookAt(clock);
    book.record(1, 'gpt-4o', 'failure', 5);
    book.record(1, 'gpt-4o', 'failure', 5);
    expect(book.admission(1, 'gpt-4o')).toBe(BLOCKED);
    expect(book.admission(1, 'gpt-4o-mini')).toBe(ALLOWED);
    expect(book.view(1)).toEqual({ circuit: 'open', recent_error_rate: 1, circuit_open_until: 1 });
    expect(book.allBlocked([1], 'gpt-4o')).toBe(true);
  });

  it('opens the channel-wide circuit when the channel does not answer at all', () => {
    const clock = { now: 0 };
    const book = bookAt(clock);
    book.record(1, 'a', 'unreachable', 5);
    book.record(1, 'b', 'unreachable', 5);
    expect(book.admission(1, 'c')).toBe(BLOCKED);
  });

  it('lets exactly one probe through after the cool-down; its success closes the circuit', () => {
    const clock = { now: 0 };
    const book = bookAt(clock);
    book.record(1, 'm', 'failure', 5);
    book.record(1, 'm', 'failure', 5);
    clock.now = 1_000;
    expect(book.view(1).circuit).toBe('half_open');
    expect(book.admission(1, 'm')).toBe(PROBE);
    book.startProbe(1, 'm');
    expect(book.admission(1, 'm')).toBe(BLOCKED);
    book.record(1, 'm', 'success', 5);
    expect(book.admission(1, 'm')).toBe(ALLOWED);
    expect(book.view(1).circuit).toBe('closed');
  });

  it('gives a probe back when its attempt proved nothing, and re-opens on a failed probe', () => {
    const clock = { now: 0 };
    const book = bookAt(clock);
    book.record(1, 'm', 'failure', 5);
    book.record(1, 'm', 'failure', 5);
    clock.now = 1_000;
    expect(book.admission(1, 'm')).toBe(PROBE);
    book.startProbe(1, 'm');
    book.release(1, 'm');
    clock.now = 2_000;
    expect(book.admission(1, 'm')).toBe(PROBE);
    book.startProbe(1, 'm');
    book.record(1, 'm', 'failure', 5);
    // The second trip doubles the cool-down.
    expect(book.view(1)).toMatchObject({ circuit: 'open', circuit_open_until: 4 });
  });

  it('shares open and close with other processes through circuit-changed events', () => {
    const clock = { now: 0 };
    const events = new AppEvents();
    const seen: CircuitChange[] = [];
    events.on('circuit-changed', (change) => seen.push(change));
    const here = bookAt(clock, { events });
    const peer = bookAt(clock, { events });
    here.record(7, 'm', 'failure', 5);
    here.record(7, 'm', 'failure', 5);
    expect(seen).toEqual([{ channelId: 7, model: 'm', state: 'open', openUntil: 1_000 }]);
    expect(peer.admission(7, 'm')).toBe(BLOCKED);
    clock.now = 1_000;
    expect(here.admission(7, 'm')).toBe(PROBE);
    here.startProbe(7, 'm');
    here.record(7, 'm', 'success', 5);
    expect(peer.admission(7, 'm')).toBe(ALLOWED);
  });

  it('waits for a shared probe token and lets only its winner probe', async () => {
    const clock = { now: 0 };
    const held = new Set<string>();
    const tokens: ProbeTokens = {
      claim: async (key) => (held.has(key) ? false : (held.add(key), true)),
      release: (key) => void held.delete(key),
    };
    const events = new AppEvents();
    const first = bookAt(clock, { events, tokens });
    const second = bookAt(clock, { events, tokens });
    first.record(1, 'm', 'failure', 5);
    first.record(1, 'm', 'failure', 5);
    clock.now = 1_000;
    expect(first.admission(1, 'm')).toBe(BLOCKED);
    expect(second.admission(1, 'm')).toBe(BLOCKED);
    expect(await first.claimsSettled()).toBe(true);
    await second.claimsSettled();
    expect(first.admission(1, 'm')).toBe(PROBE);
    expect(second.admission(1, 'm')).toBe(BLOCKED);
  });

  it('scales weights by success and relative latency, never below the floor', () => {
    const book = bookAt({ now: 0 });
    book.settings = { ...book.settings, failureThreshold: 1_000 };
    book.record(1, 'm', 'success', 100);
    book.record(2, 'm', 'success', 400);
    expect(book.weightFactor(1, 250)).toBe(1);
    expect(book.weightFactor(2, 200)).toBeCloseTo(0.5);
    for (let index = 0; index < 60; index += 1) book.record(3, 'm', 'failure', 5);
    expect(book.weightFactor(3, 0)).toBe(WEIGHT_FLOOR);
    expect(book.weightFactor(99, 100)).toBe(1);
  });
});
