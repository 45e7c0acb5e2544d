import { RelayError } from '../errors/relay-error.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import type { OptionStore } from '../options/option-store.js';
import type { RelayCaller } from './auth/relay-caller-cache.js';

/** Tells the limit how the call ended: a failed call gives its success slot back. */
export type FinishRateLimitedCall = (succeeded: boolean) => void;

/**
 * The per-user model request limit (reference §7, `ModelRequestRateLimit*`): at most `count`
 * calls (failures included; 0 = unlimited) and `successCount` successful calls per
 * `duration` minutes. `ModelRequestRateLimitGroup` overrides both for the caller's group (the
 * token's group, else the user's).
 *
 * Both windows are counted by the shared limiter (Redis across nodes, the cluster primary across
 * workers, memory otherwise). A success slot is taken before the call, atomically, and given back
 * when the call fails, so a burst of concurrent calls cannot overrun the success count the way
 * a check-then-record would.
 *
 * Undefined when the limit is off (the usual case: no promise, no tick on the hot path); else
 * resolves with the function to call when the call ends, or rejects with the reference's 429.
 */
export function admitUnderModelRateLimit(
  options: Pick<OptionStore, 'getBoolean' | 'getNumber' | 'getJson'>,
  limiter: RateLimiter,
  caller: RelayCaller,
): Promise<FinishRateLimitedCall> | undefined {
  if (!options.getBoolean('ModelRequestRateLimitEnabled')) return undefined;
  return admit(options, limiter, caller);
}

async function admit(
  options: Pick<OptionStore, 'getNumber' | 'getJson'>,
  limiter: RateLimiter,
  caller: RelayCaller,
): Promise<FinishRateLimitedCall> {
  const minutes = options.getNumber('ModelRequestRateLimitDurationMinutes');
  const group = caller.token.group || caller.user.group;
  const override = options.getJson('ModelRequestRateLimitGroup')[group];
  const count = override ? override[0] : options.getNumber('ModelRequestRateLimitCount');
  const successCount = override
    ? override[1]
    : options.getNumber('ModelRequestRateLimitSuccessCount');
  const windowSeconds = minutes * 60;
  const userId = caller.user.id;

  let slot: string | undefined;
  try {
    if (count > 0 && !(await limiter.allow(`MRRL:total:${userId}`, count, windowSeconds))) {
      throw tooMany(
        `您已达到总请求数限制：${minutes}分钟内最多请求${count}次，包括失败次数，请检查您的请求是否正确`,
      );
    }
    slot = await limiter.take(`MRRL:success:${userId}`, successCount, windowSeconds);
  } catch (error) {
    if (error instanceof RelayError) throw error;
    throw new RelayError(500, '速率限制检查失败', 'new_api_error', 'rate_limit_check_failed');
  }
  if (slot === undefined)
    throw tooMany(`您已达到请求数限制：${minutes}分钟内最多请求${successCount}次`);
  const taken = slot;
  return (succeeded) => {
    if (!succeeded) limiter.giveBack(`MRRL:success:${userId}`, taken);
  };
}

function tooMany(message: string): RelayError {
  return new RelayError(429, message, 'new_api_error', 'model_request_rate_limited');
}
