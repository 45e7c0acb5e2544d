import type { FastifyInstance } from 'fastify';
import { CHECKIN_DONE, checkIn, checkinStatus } from '../../checkins/checkin-service.js';
import type { AppContext } from '../app-context.js';
import { requireAuthenticated, requireUser } from '../auth.js';
import { ok } from '../envelope.js';
import { turnstileCheck } from '../turnstile-check.js';

/**
 * The daily check-in (new-api 1.0, `controller/checkin.go`): the month's calendar and totals for
 * any signed-in user, and the check-in itself behind the Turnstile check, as new-api's routes.
 */
export async function registerCheckinRoutes(api: FastifyInstance, context: AppContext) {
  const userGuard = requireUser(context);

  /** `data` is `{enabled, min_quota, max_quota, stats}`; `?month=YYYY-MM`, default this month. */
  api.get('/user/checkin', { preHandler: userGuard }, async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    return ok(await checkinStatus(context, requireAuthenticated(request).id, query?.month));
  });

  /** `data` is `{quota_awarded, checkin_date}`; a second check-in of the day is refused. */
  api.post(
    '/user/checkin',
    { preHandler: [userGuard, turnstileCheck(context)] },
    async (request) => {
      const { id, username } = requireAuthenticated(request);
      return ok(await checkIn(context, { id, username }), CHECKIN_DONE);
    },
  );
}
