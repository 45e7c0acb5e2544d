import { drawingLogQuerySchema, taskLogQuerySchema } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { shownImageUrl } from '../../tasks/midjourney/mj-dto.js';
import { listDrawingTasks, listPlatformTasks } from '../../tasks/task-log-repository.js';
import type { AppContext } from '../app-context.js';
import { requireAdmin, requireAuthenticated, requireUser } from '../auth.js';
import { ok } from '../envelope.js';
import { parseInput } from '../parse-body.js';

/** The drawing log (`/api/mj/…`) and the task log (`/api/task/…`), reference §10.3 and §10.4. */
export async function registerTaskRoutes(api: FastifyInstance, context: AppContext) {
  const admin = { preHandler: requireAdmin(context) };
  const user = { preHandler: requireUser(context) };
  const db = context.database.db;
  const imageUrl = (row: Parameters<typeof shownImageUrl>[0]) =>
    shownImageUrl(row, context.options, context.config.sessionSecret);

  api.get('/mj/', admin, async (request) =>
    ok(await listDrawingTasks(db, parseInput(drawingLogQuerySchema, request.query), {}, imageUrl)),
  );
  api.get('/mj/self', user, async (request) => {
    const query = parseInput(drawingLogQuerySchema, request.query);
    const userId = requireAuthenticated(request).id;
    return ok(await listDrawingTasks(db, query, { userId }, imageUrl));
  });

  api.get('/task/', admin, async (request) =>
    ok(await listPlatformTasks(db, parseInput(taskLogQuerySchema, request.query), {})),
  );
  api.get('/task/self', user, async (request) => {
    const query = parseInput(taskLogQuerySchema, request.query);
    return ok(await listPlatformTasks(db, query, { userId: requireAuthenticated(request).id }));
  });
}
