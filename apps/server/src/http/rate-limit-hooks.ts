import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitConfig } from '../config.js';
import type { RateLimiter } from '../lib/rate-limiter.js';
import { fail } from './envelope.js';

export const TOO_MANY_REQUESTS_MESSAGE = '请求过于频繁，请稍后再试';

/**
 * A hook that answers 429 (console envelope with the console's "too many requests" message)
 * once the client's IP has used its allowance under `prefix`.
 */
export function rateLimitHook(limiter: RateLimiter, prefix: string, limit: RateLimitConfig) {
  return async function limitByIp(request: FastifyRequest, reply: FastifyReply) {
    if (!limit.enabled) return;
    const allowed = await limiter.allow(prefix + request.ip, limit.limit, limit.windowSeconds);
    if (!allowed) return reply.status(429).send(fail(TOO_MANY_REQUESTS_MESSAGE));
  };
}
