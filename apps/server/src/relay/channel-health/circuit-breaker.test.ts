import { describe, expect, it } from 'vitest';
import {
  CircuitBreaker,
  DEFAULT_BREAKER_SETTINGS,
  type BreakerSettings,
} from './circuit-breaker.js';

const settings: BreakerSettings = {
  ...DEFAULT_BREAKER_SETTINGS,
  window: 10,
  failureThreshold: 3,
  rateLimitThreshold: 2,
  cooldownMs: 1_000,
  maxCooldownMs: 5_000,
};

describe('circuit breaker', () => {
  it('opens at the failure threshold within the window, not before', () => {
    const breaker = new CircuitBreaker(settings.window);
    expect(breaker.record('failure', 0, settings)).toBeUndefined();
    expect(breaker.record('success', 1, settings)).toBeUndefined();
    expect(breaker.record('failure', 2, settings)).toBeUndefined();
    expect(breaker.state(2)).toBe('closed');
    expect(breaker.record('failure', 3, settings)).toEqual({ state: 'open', openUntil: 1_003 });
    expect(breaker.state(1_002)).toBe('open');
    expect(breaker.state(1_003)).toBe('half_open');
  });

  it('forgets failures that slid out of the window', () => {
    const breaker = new CircuitBreaker(settings.window);
    breaker.record('failure', 0, settings);
    breaker.record('failure', 0, settings);
    for (let index = 0; index < 8; index += 1) breaker.record('success', 0, settings);
    // The first failure slides out as the third comes in: two in the window, still closed.
    expect(breaker.record('failure', 0, settings)).toBeUndefined();
    expect(breaker.errorRate()).toBeCloseTo(0.2);
    expect(breaker.record('failure', 0, settings)).toBeUndefined();
    expect(breaker.record('failure', 0, settings)?.state).toBe('open');
  });

  it("counts 429s apart, and a 429's Retry-After is the cool-down's floor", () => {
    const breaker = new CircuitBreaker(settings.window);
    breaker.record('failure', 0, settings);
    breaker.record('failure', 0, settings);
    breaker.record('rate_limited', 0, settings);
    expect(breaker.state(0)).toBe('closed');
    expect(breaker.record('rate_limited', 10, settings, 7_000)).toEqual({
      state: 'open',
      openUntil: 7_010,
    });
  });

  it('closes on a successful probe and re-opens on a failed one, longer each time up to the cap', () => {
    const breaker = new CircuitBreaker(settings.window);
    for (let index = 0; index < 3; index += 1) breaker.record('failure', 0, settings);
    expect(breaker.openUntil).toBe(1_000);
    expect(breaker.probeResult('failure', 1_000, settings).openUntil).toBe(3_000);
    expect(breaker.probeResult('failure', 3_000, settings).openUntil).toBe(7_000);
    expect(breaker.probeResult('unreachable' as never, 7_000, settings).openUntil).toBe(12_000);
    expect(breaker.probeResult('success', 12_000, settings)).toEqual({
      state: 'closed',
      openUntil: 0,
    });
    expect(breaker.state(12_000)).toBe('closed');
    expect(breaker.errorRate()).toBe(0);
    // The exponent starts over after a close.
    for (let index = 0; index < 3; index += 1) breaker.record('failure', 20_000, settings);
    expect(breaker.openUntil).toBe(21_000);
  });

  it('ignores outcomes while open and takes a peer’s longer cool-down', () => {
    const breaker = new CircuitBreaker(settings.window);
    for (let index = 0; index < 3; index += 1) breaker.record('failure', 0, settings);
    expect(breaker.record('success', 10, settings)).toBeUndefined();
    breaker.openFromPeer(500);
    expect(breaker.openUntil).toBe(1_000);
    breaker.openFromPeer(4_000);
    expect(breaker.state(3_999)).toBe('open');
  });
});
