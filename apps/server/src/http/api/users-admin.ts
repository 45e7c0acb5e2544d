import {
  createUserRequestSchema,
  manageUserRequestSchema,
  updateUserRequestSchema,
} from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { withHeldUserQuota } from '../../billing/held-quota.js';
import { userRowToDto } from '../../users/user-dto.js';
import { listUsers } from '../../users/user-repository.js';
import {
  createUserByAdmin,
  getUserForAdmin,
  hardDeleteUserByAdmin,
  manageUser,
  updateUserByAdmin,
} from '../../users/user-admin-service.js';
import type { AppContext } from '../app-context.js';
import { requireAdmin, requireAuthenticated } from '../auth.js';
import { ok } from '../envelope.js';
import { parseId, parseInput } from '../parse-body.js';

const MAX_PAGE_SIZE = 100;
const DEFAULT_PAGE_SIZE = 10;

/** Users list pagination: `p` is 1-based (0 or missing means the first page), `page_size` ≤ 100. */
const userPageQuerySchema = z.object({
  p: z.coerce.number().int().min(0).max(1_000_000).catch(1),
  page_size: z.coerce.number().int().min(1).catch(DEFAULT_PAGE_SIZE),
  keyword: z.string().max(100).optional(),
  group: z.string().max(64).optional(),
});

/** User administration for admins (spec part 1 §2/§4, reference §2.4 and §12.7). */
export async function registerUserAdminRoutes(api: FastifyInstance, context: AppContext) {
  const guard = { preHandler: requireAdmin(context) };
  const { db } = context.database;

  async function page(query: unknown) {
    const { p, page_size, keyword, group } = parseInput(userPageQuerySchema, query);
    const pageNumber = Math.max(p, 1);
    const pageSize = Math.min(page_size, MAX_PAGE_SIZE);
    const { items, total } = await listUsers(
      db,
      { keyword, group },
      (pageNumber - 1) * pageSize,
      pageSize,
    );
    const shown = (await withHeldUserQuota(db, items)).map(userRowToDto);
    return ok({ items: shown, total, page: pageNumber, page_size: pageSize });
  }

  api.get('/user/', guard, async (request) => page(request.query));
  api.get('/user/search', guard, async (request) => page(request.query));

  api.get<{ Params: { id: string } }>('/user/:id', guard, async (request) => {
    const actor = requireAuthenticated(request);
    const user = await getUserForAdmin(context, actor.role, parseId(request.params.id));
    const [shown] = await withHeldUserQuota(db, [user]);
    return ok(userRowToDto(shown));
  });

  api.post('/user/', guard, async (request) => {
    const body = parseInput(createUserRequestSchema, request.body);
    await createUserByAdmin(context, requireAuthenticated(request).role, body);
    return ok();
  });

  api.put('/user/', guard, async (request) => {
    const body = parseInput(updateUserRequestSchema, request.body);
    await updateUserByAdmin(context, requireAuthenticated(request), body);
    context.events.emit('user-changed', { userId: body.id });
    return ok();
  });

  api.post('/user/manage', guard, async (request) => {
    const body = parseInput(manageUserRequestSchema, request.body);
    const result = await manageUser(
      context,
      requireAuthenticated(request).role,
      body.id,
      body.action,
    );
    context.events.emit('user-changed', { userId: body.id });
    return ok(result);
  });

  api.delete<{ Params: { id: string } }>('/user/:id', guard, async (request) => {
    const id = parseId(request.params.id);
    await hardDeleteUserByAdmin(context, requireAuthenticated(request).role, id);
    context.events.emit('user-changed', { userId: id });
    return ok();
  });
}
