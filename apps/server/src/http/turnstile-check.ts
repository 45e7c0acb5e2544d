import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  hasTurnstilePass,
  issueTurnstilePass,
  TURNSTILE_PASS_COOKIE_NAME,
  verifyTurnstileToken,
} from '../accounts/turnstile.js';
import { failure } from '../errors/app-error.js';
import type { AppContext } from './app-context.js';

export const TURNSTILE_TOKEN_EMPTY = 'Turnstile token 为空';
export const TURNSTILE_FAILED = 'Turnstile 校验失败，请刷新重试！';

/**
 * A preHandler requiring a Cloudflare Turnstile check when `TurnstileCheckEnabled` (reference
 * §8.10): the token comes as `?turnstile=` and is verified with siteverify, `TurnstileSecretKey`
 * and the client address (trusted-proxy aware); a pass is remembered for the browser session, so
 * the check runs once. Failures are HTTP 200 `success: false`.
 *
 * Attach it to the routes that need it, after the rate limit:
 * `{ onRequest: critical, preHandler: turnstileCheck(context) }`.
 */
export function turnstileCheck(context: AppContext) {
  const { options, config } = context;
  return async function checkTurnstile(request: FastifyRequest, reply: FastifyReply) {
    if (!options.getBoolean('TurnstileCheckEnabled')) return;
    const remoteIp = request.ip;
    const pass = request.cookies[TURNSTILE_PASS_COOKIE_NAME];
    if (hasTurnstilePass(pass, remoteIp, config.sessionSecret)) return;

    const query = request.query as Record<string, unknown> | undefined;
    const token = typeof query?.turnstile === 'string' ? query.turnstile : '';
    if (token === '') throw failure(TURNSTILE_TOKEN_EMPTY, 'turnstile_token_empty');
    const passed = await verifyTurnstileToken(
      {
        url: config.turnstileSiteverifyUrl,
        secret: options.get('TurnstileSecretKey'),
        token,
        remoteIp,
      },
      (error) => request.log.warn({ err: error }, 'Turnstile siteverify call failed'),
    );
    if (!passed) throw failure(TURNSTILE_FAILED, 'turnstile_failed');
    reply.setCookie(
      TURNSTILE_PASS_COOKIE_NAME,
      issueTurnstilePass(remoteIp, config.sessionSecret),
      {
        path: '/api',
        httpOnly: true,
        sameSite: 'strict',
        secure: false,
        // No maxAge: gone when the browser closes; the pass itself expires within a day.
      },
    );
  };
}
