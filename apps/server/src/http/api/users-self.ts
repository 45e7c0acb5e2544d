import { updateSelfRequestSchema } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { describeUsableGroups, usableGroups } from '../../groups/usable-groups.js';
import { withHeldUserQuota } from '../../billing/held-quota.js';
import { userRowToDto } from '../../users/user-dto.js';
import { effectiveUserLimits, parseStoredLimits } from '../../limits/applied-limits.js';
import { groupDefaultLimits } from '../../limits/group-limits.js';
import { findUserById } from '../../users/user-repository.js';
import {
  deleteSelf,
  getAffCode,
  regenerateAccessToken,
  updateSelf,
} from '../../users/self-service.js';
import type { AppContext } from '../app-context.js';
import { failure } from '../../errors/app-error.js';
import { readSession, requireAuthenticated, requireUser } from '../auth.js';
import { ok } from '../envelope.js';
import { parseInput } from '../parse-body.js';
import { SESSION_COOKIE_NAME } from '../../accounts/session-cookie.js';
import { startSession } from './session.js';

/** The signed-in user's own account (reference §8.4, §12.6, Appendix B). */
export async function registerUserSelfRoutes(api: FastifyInstance, context: AppContext) {
  const guard = { preHandler: requireUser(context) };
  const { db } = context.database;

  api.get('/user/self', guard, async (request) => {
    const user = await findUserById(db, requireAuthenticated(request).id);
    if (!user) throw failure('用户不存在');
    const [shown] = await withHeldUserQuota(db, [user]);
    // Read-only: what the relay applies to the user (their own limits, else the group's).
    const groupLimits = groupDefaultLimits(
      context.options.getJson('GroupLimits'),
      user.group || 'default',
    );
    const effective = effectiveUserLimits(parseStoredLimits(user.limits), groupLimits);
    return ok({ ...userRowToDto(shown), effective_limits: effective ?? null });
  });

  api.put('/user/self', guard, async (request, reply) => {
    const body = parseInput(updateSelfRequestSchema, request.body);
    const userId = requireAuthenticated(request).id;
    await updateSelf(context, userId, body);
    if (body.password) {
      // A new password ends every session; this browser gets a fresh one and stays signed in.
      context.events.emit('user-changed', { userId });
      const user = await findUserById(db, userId);
      if (user && !requireAuthenticated(request).viaAccessToken) startSession(reply, context, user);
    }
    return ok();
  });

  api.delete('/user/self', guard, async (request, reply) => {
    await deleteSelf(context, requireAuthenticated(request).id);
    context.events.emit('user-changed', { userId: requireAuthenticated(request).id });
    reply.clearCookie(SESSION_COOKIE_NAME, { path: '/' });
    return ok();
  });

  api.get('/user/token', guard, async (request) =>
    ok(await regenerateAccessToken(context, requireAuthenticated(request).id)),
  );

  api.get('/user/aff', guard, async (request) =>
    ok(await getAffCode(context, requireAuthenticated(request).id)),
  );

  api.get('/user/self/groups', guard, async (request) =>
    ok(describeUsableGroups(context.options, requireAuthenticated(request).group)),
  );

  // Public: a visitor (no session) sees the groups of an empty user group, as new-api.
  api.get('/user/groups', async (request) => {
    const session = readSession(request, context);
    return ok(describeUsableGroups(context.options, session?.group ?? ''));
  });

  /** Union of enabled models over every group this user may use. */
  api.get('/user/models', guard, async (request) => {
    const groups = Object.keys(usableGroups(context.options, requireAuthenticated(request).group));
    if (groups.length === 0) return ok([]);
    const rows = await db
      .selectFrom('abilities')
      .select('model')
      .distinct()
      .where('group', 'in', groups)
      .where('enabled', '=', true)
      .orderBy('model')
      .execute();
    return ok(rows.map((row) => row.model));
  });
}
