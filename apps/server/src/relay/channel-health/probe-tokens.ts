import type { Redis } from 'ioredis';

/**
 * Who may send a half-open circuit's one probe. `claim` is true for exactly one claimant per key
 * until the token is released or its lease (`leaseMs`) runs out, so a probe whose process died
 * frees the circuit for another.
 */
export interface ProbeTokens {
  /** Synchronous (a boolean) when the tokens are local, a promise when they are shared. */
  claim(key: string, leaseMs: number): boolean | Promise<boolean>;
  release(key: string): void;
}

/**
 * Tokens of this process only: without Redis every process (each cluster worker too) probes an
 * open channel on its own, one probe at a time. The breaker's own probe state already allows one
 * probe per circuit, so the local token is always granted.
 */
export const LOCAL_PROBE_TOKENS: ProbeTokens = {
  claim: () => true,
  release: () => {},
};

const PREFIX = 'tollgate:circuit-probe:';

/** Tokens in Redis (`SET NX PX`): one probe per circuit across every process of every node. */
export function redisProbeTokens(redis: Redis): ProbeTokens {
  return {
    async claim(key, leaseMs) {
      const answer = await redis.set(PREFIX + key, '1', 'PX', Math.max(1, leaseMs), 'NX');
      return answer === 'OK';
    },
    release(key) {
      void redis.del(PREFIX + key).catch(() => {});
    },
  };
}
